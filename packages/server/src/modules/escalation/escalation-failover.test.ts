import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { eventually, randomDeviceId } from '../../test/alarm-fixtures.ts';
import { freshPostgres } from '../../test/harness.ts';
import { callProcess, startVigilProcess, type VigilProcess } from '../../test/processes.ts';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../test/push-service.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
/** The scheduler's failover bound (jobs/scheduler.ts: lease 10 s, renewed every 3 s; issue 26/28: ≤ 15 s). */
const FAILOVER_MS = 15_000;
const STEP_WAIT_MINUTES = 1;

const call = callProcess;

/**
 * Escalation on two processes with one killed midway (issue 28): an unhandled red alarm walks
 * its chain (everyone at once, everyone again after 1 min) while two Vigil processes run on one
 * PostgreSQL and Redis; the process leading the scheduler is killed with SIGKILL in the middle of
 * the second step (it has claimed the step and is waiting on the push service). The survivor
 * takes the lead and the step: each step tells each caregiver once, no later than its wait plus
 * the 15 s failover. Real minutes (about 80 s): the waits are what the care home configures.
 */
describe('escalation with the scheduler leader killed midway', { timeout: 240_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let service: TestPushService;
  let a: VigilProcess;
  let b: VigilProcess;
  let sql: pg.Client;
  let phone: TestSubscription;

  before(async () => {
    service = await startTestPushService();
    database = await freshPostgres(POSTGRES);
    const unique = crypto.randomBytes(6).toString('hex');
    // A push request may hang for a minute: the killed leader is stuck in the step, not failed out of it.
    const env = { DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: `vigil:test:${unique}`, VIGIL_PUSH_SERVICE_ORIGINS: service.origin, VIGIL_PUSH_TIMEOUT_MS: '60000' };
    a = await startVigilProcess({ ...env, VIGIL_TEST_SEED: '1' });
    b = await startVigilProcess(env);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  after(async () => {
    await sql?.end();
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await service?.close();
  });

  test('each step once, the second by the survivor no later than its wait plus the failover', async (t) => {
    const manager = await call(a, api.login, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false });
    assert.equal(manager.status, 200, manager.msg);
    const providerId = manager.data.providerId ?? 0;
    const step = (afterMinutes: number) => ({ afterMinutes, audience: 'allCaregivers', channels: ['push'], emails: [] });
    const saved = await call(a, api.escalationSave, { red: [step(0), step(STEP_WAIT_MINUTES)], orange: [], roster: [] }, manager.data.token);
    assert.equal(saved.status, 200, saved.msg);
    const nurse = await call(b, api.login, { userName: '44770090500', passWord: DEMO_PASSWORD, from: 'APP_NURSING', rsa: false });
    assert.equal(nurse.status, 200, nurse.msg);
    phone = service.subscribe();
    assert.equal((await call(b, api.pushSubscribe, { endpoint: phone.endpoint, keys: phone.keys }, nurse.data.token)).status, 200);
    const caregivers = (await sql.query('select count(*)::int as n from caregivers c join accounts a on a.id = c.account_id where c.provider_id = $1 and a.enabled = 1 and a.role = $2', [providerId, 'NURSING'])).rows[0].n as number;
    assert.ok(caregivers >= 1);

    // An SOS (red), raised on B; nobody handles it.
    const deviceId = randomDeviceId('ESC');
    await b.publish({ deviceId, deviceType: 20993, providerId, bedId: null, roomId: null, type: 'sos', status: 1 });
    const alarm = (await sql.query('select id, raised_at, alert_level from alarms where device_id = $1', [deviceId])).rows[0] as { id: number; raised_at: string; alert_level: number };
    assert.equal(alarm.alert_level, 1);
    const raisedAt = Number(alarm.raised_at);
    const stepRow = async (key: number) =>
      (await sql.query('select claimed_at, done_at from escalation_steps where alarm_id = $1 and step_key = $2', [alarm.id, key])).rows[0] as { claimed_at: string; done_at: string | null } | undefined;

    // Step 1 at once, from whichever process heard the commit first.
    await service.waitFor((push) => push.subscription === phone.id && push.message.alarmId === alarm.id, 15_000);
    await eventually(async () => (await stepRow(100))?.done_at != null, 15_000, 'step 1 finished');
    // From now on the push service holds the phone's pushes: the leader claims step 2 and waits on it.
    service.hang(phone.id);
    await eventually(async () => (await stepRow(101)) !== undefined, STEP_WAIT_MINUTES * 60_000 + FAILOVER_MS + 5_000, 'step 2 claimed');
    await eventually(() => service.held > 0, 15_000, 'the leader waiting on the push service');
    assert.equal((await stepRow(101))?.done_at, null, 'the leader is in the middle of step 2');
    const holder = (await sql.query("select holder from scheduler_leases where name = 'scheduler'")).rows[0].holder as string;
    const [leader, survivor] = holder.startsWith(`${a.child.pid}-`) ? [a, b] : [b, a];
    assert.ok(holder.startsWith(`${leader.child.pid}-`), `the lease holder ${holder} is one of the two processes`);
    await leader.kill();
    service.resume(phone.id);

    // The survivor takes the lead and step 2.
    const second = await service.waitFor((push) => push.subscription === phone.id && push.message.alarmId === alarm.id && push.message.kind === 'escalated', 2 * FAILOVER_MS + 10_000);
    await eventually(async () => (await stepRow(101))?.done_at != null, 10_000, 'step 2 finished');
    const notifications = (await sql.query('select step, account_id, status, at from alarm_notifications where alarm_id = $1 order by at, id', [alarm.id])).rows as { step: number; account_id: number; status: string; at: string }[];
    const byStep = (index: number) => notifications.filter((row) => row.step === index);
    assert.equal(byStep(0).length, caregivers, 'step 1 told each caregiver once');
    assert.equal(byStep(1).length, caregivers, 'step 2 told each caregiver once');
    assert.equal(new Set(byStep(1).map((row) => row.account_id)).size, caregivers);
    assert.ok(byStep(1).some((row) => row.status === 'sent'), 'the subscribed caregiver\'s phone took it');
    const lateness = (index: number, wait: number) => Math.max(...byStep(index).map((row) => Number(row.at))) - (raisedAt + wait * 60_000);
    assert.ok(lateness(0, 0) <= FAILOVER_MS, `step 1 ${lateness(0, 0)} ms after the raise`);
    t.diagnostic(`step 1 ${lateness(0, 0)} ms after the raise; step 2 ${lateness(1, STEP_WAIT_MINUTES)} ms after its wait, the leader killed in the middle of it`);
    assert.ok(lateness(1, STEP_WAIT_MINUTES) >= 0, 'step 2 not before its wait');
    assert.ok(lateness(1, STEP_WAIT_MINUTES) <= FAILOVER_MS, `step 2 ${lateness(1, STEP_WAIT_MINUTES)} ms after its wait (failover ≤ ${FAILOVER_MS} ms)`);
    assert.ok(second.receivedAt - (raisedAt + STEP_WAIT_MINUTES * 60_000) <= FAILOVER_MS, 'the phone had it within the failover');
    // Once on the phone: the first attempt hung and was never delivered, the survivor's was.
    assert.equal(service.received.filter((push) => push.subscription === phone.id && push.message.alarmId === alarm.id && push.message.kind === 'escalated').length, 1);
    assert.equal(service.received.filter((push) => push.subscription === phone.id && push.message.alarmId === alarm.id && push.message.kind === 'alarm').length, 1);
    assert.equal((await sql.query('select count(*)::int as n from escalation_steps where alarm_id = $1', [alarm.id])).rows[0].n, 2);
    // The survivor leads now and still serves.
    const lead = (await sql.query("select holder from scheduler_leases where name = 'scheduler'")).rows[0].holder as string;
    assert.ok(lead.startsWith(`${survivor.child.pid}-`));
    const log = await call(survivor, api.alarmNotifications, { id: alarm.id }, (await call(survivor, api.login, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false })).data.token);
    assert.equal(log.status, 200, log.msg);
    assert.equal(log.data.notifications.filter((row) => row.step === 1 && row.channel === 'push').length, caregivers);
  });
});
