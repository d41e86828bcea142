import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { formatMessage } from '@vigil/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { eventually, randomDeviceId } from '../../test/alarm-fixtures.ts';
import { callProcess, processDatabase, startVigilProcess, type ProcessDatabase, type VigilProcess } from '../../test/processes.ts';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../test/push-service.ts';

/** PostgreSQL (with Redis between the processes) when DATABASE_URL is set, else one SQLite file the processes open in turn. */
const POSTGRES = process.env.DATABASE_URL?.trim() || null;
/** A killed leader's lease runs out (10 s), then the sweep (every 5 s, 3 s grace) finds the alarm: 15–25 s here, more on a loaded machine. */
const CATCH_UP_MS = 60_000;
/** Longer than one sweep period: a second sweep that would push again has had its chance. */
const ANOTHER_SWEEP_MS = 6_000;
/** The sender runs four pushes at once: four held by a hanging push service keep the rest of its queue waiting. */
const SENDER_PARALLEL = 4;

const call = callProcess;

async function signIn(vigil: VigilProcess, userName: string, from: 'PC' | 'APP_NURSING' | 'APP_RELATIVES'): Promise<string> {
  const result = await call(vigil, api.login, { userName, passWord: DEMO_PASSWORD, from, rsa: false });
  assert.equal(result.status, 200, result.msg);
  return result.data.token;
}

/**
 * Relatives' red-alarm push when the process dies after the commit (issue 28: "a crash after
 * commit still pushes once"): a Vigil process commits a red alarm of the relative's resident and
 * is killed with SIGKILL before it claimed the relative's push (its sender busy with four pushes
 * a hanging push service holds); the next process pushes it to the relative's phone once. The
 * same for the alarm's handling, and for a caregiver's "handled" push of an alarm her phone was
 * told of. Real processes on one database, in turn; on PostgreSQL two processes run after the
 * first kill and the phone still hears of the alarm once.
 */
describe('relatives\' push after a process killed between the commit and the push', { timeout: 300_000 }, () => {
  let shared: ProcessDatabase;
  let database: DatabaseHandle;
  let service: TestPushService;
  const running = new Set<VigilProcess>();
  let relativePhone: TestSubscription;
  let nursePhone: TestSubscription;
  let providerId = 0;
  const resident = { id: 0, name: '', bedId: 0 };

  const start = async (extra: Record<string, string> = {}) => {
    const vigil = await startVigilProcess({ ...shared.env, ...extra });
    running.add(vigil);
    return vigil;
  };
  const kill = async (vigil: VigilProcess) => {
    running.delete(vigil);
    await vigil.kill();
  };
  const stop = async (vigil: VigilProcess) => {
    running.delete(vigil);
    await vigil.stop();
  };
  const relativePushes = (alarmId: number, kind?: string) =>
    service.received.filter((push) => push.subscription === relativePhone.id && push.message.alarmId === alarmId && (kind === undefined || push.message.kind === kind));
  const claimOf = (alarmId: number, event: string) =>
    database.db.selectFrom('push_claims').select(['claimed_at', 'sent_at']).where('alarm_id', '=', alarmId).where('event', '=', event).executeTakeFirst();

  /** Keeps the process's push sender busy: four alarms of no resident whose caregiver pushes the push service holds. */
  async function occupySender(vigil: VigilProcess): Promise<void> {
    const held = service.held;
    service.hang(nursePhone.id);
    await vigil.publish({ deviceId: randomDeviceId('BUSY'), count: SENDER_PARALLEL, deviceType: 20993, providerId, bedId: null, roomId: null, type: 'sos', status: 1 });
    await eventually(() => service.held >= held + SENDER_PARALLEL, 15_000, 'the sender waiting on four pushes');
  }

  before(async () => {
    service = await startTestPushService();
    shared = await processDatabase('vigil-family-crash-', { VIGIL_PUSH_SERVICE_ORIGINS: service.origin, VIGIL_PUSH_TIMEOUT_MS: '60000' });
    const first = await start({ VIGIL_TEST_SEED: '1' });
    database = shared.handle();
    const db = database.db;
    const account = await db.selectFrom('accounts').select(['id', 'provider_id']).where('user_name', '=', 'demorelative').executeTakeFirstOrThrow();
    providerId = account.provider_id ?? 0;
    const own = await db.selectFrom('resident_contacts as c').innerJoin('residents as r', 'r.id', 'c.resident_id').select(['r.id', 'r.name', 'r.bed_id']).where('c.account_id', '=', account.id).executeTakeFirstOrThrow();
    Object.assign(resident, { id: own.id, name: own.name, bedId: own.bed_id });
    assert.ok(resident.bedId, 'the relative\'s resident lies in a bed');

    const manager = await signIn(first, 'demotwoa', 'PC');
    const allowed = await call(first, api.escalationSave, { red: [], orange: [], roster: [], relativesPush: true }, manager);
    assert.equal(allowed.status, 200, allowed.msg);
    const relative = await signIn(first, 'demorelative', 'APP_RELATIVES');
    assert.deepEqual((await call(first, api.familySetAlerts, { on: true }, relative)).data, { allowed: true, optedIn: true });
    relativePhone = service.subscribe();
    assert.equal((await call(first, api.pushSubscribe, { endpoint: relativePhone.endpoint, keys: relativePhone.keys }, relative)).status, 200);
    const nurse = await signIn(first, '44770090500', 'APP_NURSING');
    nursePhone = service.subscribe();
    assert.equal((await call(first, api.pushSubscribe, { endpoint: nursePhone.endpoint, keys: nursePhone.keys }, nurse)).status, 200);
  });
  after(async () => {
    for (const vigil of running) await vigil.stop();
    await shared?.drop();
    await service?.close();
  });

  test('a red alarm committed and then handled by processes killed before telling the relative: the next process tells them once each', async (t) => {
    const [first] = running;
    // The raise: committed, then the process is killed before the relative's push is claimed.
    await occupySender(first);
    const deviceId = randomDeviceId('SOS');
    await first.publish({ deviceId, deviceType: 20993, providerId, bedId: resident.bedId, roomId: null, type: 'sos', status: 1 });
    let alarm: { id: number; alert_level: number; resident_id: number | null } | undefined;
    await eventually(async () => {
      alarm = await database.db.selectFrom('alarms').select(['id', 'alert_level', 'resident_id']).where('device_id', '=', deviceId).executeTakeFirst();
      return alarm !== undefined;
    }, 10_000, 'the alarm committed');
    const alarmId = alarm!.id;
    assert.equal(alarm!.alert_level, 1, 'an SOS is red');
    assert.equal(alarm!.resident_id, resident.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await claimOf(alarmId, 'family-new'), undefined, 'not claimed for the relative before the kill');
    assert.equal(relativePushes(alarmId).length, 0);
    await kill(first);
    service.resume(nursePhone.id);

    const restartedAt = Date.now();
    const second = await start();
    // On PostgreSQL a second process runs beside it (Redis between them): still once.
    const beside = POSTGRES ? await start() : null;
    const raised = await service.waitFor((push) => push.subscription === relativePhone.id && push.message.alarmId === alarmId, CATCH_UP_MS);
    t.diagnostic(`raise pushed to the relative ${raised.receivedAt - restartedAt} ms after the restart began`);
    assert.equal(raised.message.kind, 'alarm');
    assert.equal(raised.message.body, formatMessage('en-us', 'push.family.raised', { name: resident.name }));
    await eventually(async () => (await claimOf(alarmId, 'family-new'))?.sent_at != null, 10_000, 'the raise marked sent');
    await new Promise((resolve) => setTimeout(resolve, ANOTHER_SWEEP_MS));
    assert.equal(relativePushes(alarmId).length, 1, 'the raise once');
    if (beside) await stop(beside);

    // The end: handled on the second process, which is killed before the relative's push of it is claimed.
    await occupySender(second);
    const nurse = await signIn(second, '44770090500', 'APP_NURSING');
    const handled = await call(second, api.alarmDealStatus, { id: alarmId, dealOption: 'CHECKED' }, nurse);
    assert.equal(handled.status, 200, handled.msg);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await claimOf(alarmId, 'family-handled'), undefined, 'the end not claimed for the relative before the kill');
    await kill(second);
    service.resume(nursePhone.id);

    const third = await start();
    const over = await service.waitFor((push) => push.subscription === relativePhone.id && push.message.alarmId === alarmId && push.message.kind === 'handled', CATCH_UP_MS);
    assert.equal(over.message.body, formatMessage('en-us', 'push.family.handled', { name: resident.name }));
    assert.equal(over.headers.topic, `family-${alarmId}`, 'replaces the raise on the phone');
    await eventually(async () => (await claimOf(alarmId, 'family-handled'))?.sent_at != null, 10_000, 'the end marked sent');
    await new Promise((resolve) => setTimeout(resolve, ANOTHER_SWEEP_MS));
    assert.equal(relativePushes(alarmId, 'handled').length, 1, 'the end once');
    assert.equal(relativePushes(alarmId).length, 2, 'raise and end, nothing more');
    assert.ok(running.has(third));
  });

  test('an alarm pushed to the caregiver and then handled by a process killed before telling her phone: the next process tells it once', async () => {
    const [current] = running;
    const nursePushes = (alarmId: number, kind: string) => service.received.filter((push) => push.subscription === nursePhone.id && push.message.alarmId === alarmId && push.message.kind === kind);
    const deviceId = randomDeviceId('SOS');
    await current.publish({ deviceId, deviceType: 20993, providerId, bedId: null, roomId: null, type: 'sos', status: 1 });
    let alarmId = 0;
    await eventually(async () => {
      alarmId = (await database.db.selectFrom('alarms').select('id').where('device_id', '=', deviceId).executeTakeFirst())?.id ?? 0;
      return alarmId > 0;
    }, 10_000, 'the alarm committed');
    // The raise on the live path: the caregiver's phone is told.
    await service.waitFor((push) => push.subscription === nursePhone.id && push.message.alarmId === alarmId && push.message.kind === 'alarm', 15_000);

    // Handled, then the process is killed before the caregiver's "handled" push is claimed.
    await occupySender(current);
    const nurse = await signIn(current, '44770090500', 'APP_NURSING');
    const handled = await call(current, api.alarmDealStatus, { id: alarmId, dealOption: 'CHECKED' }, nurse);
    assert.equal(handled.status, 200, handled.msg);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await claimOf(alarmId, 'handled'), undefined, 'the end not claimed for the caregiver before the kill');
    await kill(current);
    service.resume(nursePhone.id);

    await start();
    const over = await service.waitFor((push) => push.subscription === nursePhone.id && push.message.alarmId === alarmId && push.message.kind === 'handled', CATCH_UP_MS);
    assert.notEqual(over.message.handler, null, 'says who handled it');
    await eventually(async () => (await claimOf(alarmId, 'handled'))?.sent_at != null, 10_000, 'the end marked sent');
    await new Promise((resolve) => setTimeout(resolve, ANOTHER_SWEEP_MS));
    assert.equal(nursePushes(alarmId, 'handled').length, 1, 'the end once');
    assert.equal(nursePushes(alarmId, 'alarm').length, 1, 'the raise once');
  });
});
