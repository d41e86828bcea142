import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { eventually, randomDeviceId } from '../../test/alarm-fixtures.ts';
import { callProcess, processDatabase, startVigilProcess, type ProcessDatabase, type VigilProcess } from '../../test/processes.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';

/** PostgreSQL (with Redis between the processes) when DATABASE_URL is set, else one SQLite file the processes open in turn. */
const POSTGRES = process.env.DATABASE_URL?.trim() || null;
/** A killed leader's lease runs out (10 s), then the sweep (every 5 s, 3 s grace) finds the alarm: 15–25 s here, more on a loaded machine. */
const CATCH_UP_MS = 60_000;
/** The sweep's grace and more than one sweep period: a sweep that would deliver again has had its chance. */
const ANOTHER_SWEEP_MS = 10_000;

const call = callProcess;

/**
 * Webhook deliveries when the process dies after the alarm's commit (issue 28, docs/webhooks.md):
 * a Vigil process commits an alarm and is killed with SIGKILL while it is writing the alarm's
 * deliveries (its delivery writes held, which it reports); the next process delivers the alarm to
 * the endpoint once, signed. With the live path working (the alarm's handling on that process),
 * the endpoint gets it once too, sweeps notwithstanding. Real processes on one database, in turn;
 * on PostgreSQL two run after the kill and the endpoint still gets the alarm once.
 */
describe('webhook deliveries after a process killed between the alarm\'s commit and its deliveries', { timeout: 300_000 }, () => {
  let shared: ProcessDatabase;
  let database: DatabaseHandle;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const secrets = new Map<string, string>();
  const running = new Set<VigilProcess>();
  let providerId = 0;
  let webhookId = 0;

  const start = async (extra: Record<string, string> = {}) => {
    const vigil = await startVigilProcess({ ...shared.env, ...extra });
    running.add(vigil);
    return vigil;
  };
  const received = (alarmId: number, event: string) => receiver.received.filter((hook) => hook.path === '/ok' && hook.event === event && (hook.body.alarm as { id: number }).id === alarmId);
  const deliveryRows = (alarmId: number, event: string) =>
    database.db.selectFrom('webhook_deliveries').select(['id', 'state']).where('webhook_id', '=', webhookId).where('alarm_id', '=', alarmId).where('event', '=', event).execute();
  const signIn = async (vigil: VigilProcess) => {
    const result = await call(vigil, api.login, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false });
    assert.equal(result.status, 200, result.msg);
    return result.data.token;
  };

  before(async () => {
    receiver = await startWebhookReceiver(() => secrets);
    shared = await processDatabase('vigil-webhook-crash-', { VIGIL_WEBHOOK_ALLOWED_ORIGINS: receiver.origin });
    const first = await start({ VIGIL_TEST_SEED: '1' });
    database = shared.handle();
    const token = await signIn(first);
    providerId = (await database.db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwoa').executeTakeFirstOrThrow()).provider_id ?? 0;
    const saved = await call(first, api.webhookSave, { url: `${receiver.origin}/ok`, events: ['alarm.raised', 'alarm.handled', 'alarm.relieved'], levels: [1, 2], description: 'nurse call' }, token);
    assert.equal(saved.status, 200, saved.msg);
    secrets.set('/ok', saved.data.secret);
    webhookId = saved.data.id;
  });
  after(async () => {
    for (const vigil of running) await vigil.stop();
    await shared?.drop();
    await receiver?.close();
  });

  test('an alarm committed by a process killed before writing its deliveries reaches the endpoint once; its live handling once too', async (t) => {
    const [first] = running;
    await first.holdWebhookDeliveries();
    const deviceId = randomDeviceId('SOS');
    await first.publish({ deviceId, deviceType: 20993, providerId, bedId: null, roomId: null, type: 'sos', status: 1 });
    let alarmId = 0;
    await eventually(async () => {
      alarmId = (await database.db.selectFrom('alarms').select('id').where('device_id', '=', deviceId).executeTakeFirst())?.id ?? 0;
      return alarmId > 0;
    }, 10_000, 'the alarm committed');
    // The process is between the commit and the delivery: it is writing it, and the write hangs.
    await eventually(() => first.reports.some((report) => report.webhookDeliveryHeld === alarmId), 10_000, 'the delivery write held');
    assert.deepEqual(await deliveryRows(alarmId, 'alarm.raised'), [], 'no delivery recorded before the kill');
    running.delete(first);
    await first.kill();

    const restartedAt = Date.now();
    const second = await start();
    const beside = POSTGRES ? await start() : null;
    const raised = await receiver.waitFor((hook) => hook.path === '/ok' && hook.event === 'alarm.raised' && (hook.body.alarm as { id: number }).id === alarmId, CATCH_UP_MS);
    t.diagnostic(`raise delivered ${raised.receivedAt - restartedAt} ms after the restart began`);
    assert.ok(raised.signatureValid, 'signed with the endpoint\'s secret');
    assert.equal((raised.body.careHome as { id: number }).id, providerId);
    await new Promise((resolve) => setTimeout(resolve, ANOTHER_SWEEP_MS));
    assert.equal(received(alarmId, 'alarm.raised').length, 1, 'the raise once');
    assert.equal((await deliveryRows(alarmId, 'alarm.raised')).length, 1, 'one delivery row');
    if (beside) {
      running.delete(beside);
      await beside.stop();
    }

    // The live path: handled on the running process, delivered by it; the sweeps that follow add nothing.
    const handled = await call(second, api.alarmDealStatus, { id: alarmId, dealOption: 'CHECKED' }, await signIn(second));
    assert.equal(handled.status, 200, handled.msg);
    await receiver.waitFor((hook) => hook.path === '/ok' && hook.event === 'alarm.handled' && (hook.body.alarm as { id: number }).id === alarmId, 10_000);
    await new Promise((resolve) => setTimeout(resolve, ANOTHER_SWEEP_MS));
    assert.equal(received(alarmId, 'alarm.handled').length, 1, 'the handling once');
    const rows = await deliveryRows(alarmId, 'alarm.handled');
    assert.equal(rows.length, 1, 'one delivery row');
    assert.equal(rows[0].state, 'delivered');
    assert.equal(received(alarmId, 'alarm.raised').length, 1, 'the raise still once');
  });
});
