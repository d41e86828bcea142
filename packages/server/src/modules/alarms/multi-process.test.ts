import { testDeviceKeys } from '../../test/device-keys.ts';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { deviceTopic, Status, type LoginResult } from '@vigil/contracts';
import mqtt from 'mqtt';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { openSocket, randomDeviceId, type TestSocket } from '../../test/alarm-fixtures.ts';
import { freshPostgres } from '../../test/harness.ts';
import { callProcess, startVigilProcess, type VigilProcess } from '../../test/processes.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
/** The machine's Mosquitto, shared with other engineers' tests: random device IDs (so topics), client IDs and share group. */
const MOSQUITTO = process.env.TEST_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';

const call = callProcess;

async function login(vigil: VigilProcess, userName: string): Promise<LoginResult> {
  const result = await call(vigil, api.login, { userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false });
  assert.equal(result.status, 200, result.msg);
  return result.data;
}

/**
 * Several Vigil processes on one PostgreSQL database, one Redis and one external MQTT
 * broker (issue 10): a device publishes to Mosquitto, the shared subscription hands the
 * message to one process, the alarm is stored once and reaches the sockets held by every
 * process once; handling in one reaches the others; a process killed hard in a burst of
 * alarms loses none that any socket saw. The race and the burst publish on a process's bus
 * (test/vigil-process.ts): they need the same event in both processes at once, and 3,000
 * alarms faster than registering 3,000 devices on the broker.
 */
describe('several Vigil processes over Redis', { timeout: 180_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let a: VigilProcess;
  let b: VigilProcess;
  let env: Record<string, string>;
  let providerId: number;
  let sql: pg.Client;
  const sockets: TestSocket[] = [];

  before(async () => {
    database = await freshPostgres(POSTGRES);
    const unique = crypto.randomBytes(6).toString('hex');
    env = { DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: `vigil:test:${unique}`, MQTT_URL: MOSQUITTO, MQTT_SHARE_GROUP: `vigil-mp-${unique}` };
    a = await startVigilProcess({ ...env, VIGIL_TEST_SEED: '1' });
    b = await startVigilProcess(env);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    await sql.end();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  const rowsOf = async (deviceId: string) => (await sql.query('select id from alarms where device_id = $1', [deviceId])).rows.length;

  test('a device publishes a fall to Mosquitto: stored once, heard once on a socket of A and of B; handled on B, A hears /checkAlarm', async () => {
    const onA = await login(a, 'demotwoa');
    const onB = await login(b, 'demotwoa');
    providerId = onA.providerId ?? 0;
    const socketA = await openSocket(a.baseUrl, { key: onA.key });
    const socketB = await openSocket(b.baseUrl, { key: onB.key });
    const foreign = await openSocket(b.baseUrl, { key: (await login(b, 'demotwob')).key });
    sockets.push(socketA, socketB, foreign);
    // A fall radar in the registry of provider A (no process has looked it up yet).
    const deviceId = randomDeviceId('MP');
    const key = crypto.randomBytes(16).toString('hex');
    await sql.query(
      `insert into devices (device_id, cipher_id, device_type, device_key, provider_id, pairing, online, location, settings, remark, created_at, updated_at)
       values ($1, $2, 21007, $3, $4, 'none', 0, '', '{}', '', $5, $5)`,
      [deviceId, `C${deviceId}`, testDeviceKeys.seal(key), providerId, Date.now()],
    );
    const device = await mqtt.connectAsync(MOSQUITTO, { protocolVersion: 5, clientId: `${deviceId}-${process.pid}`, username: deviceId, password: key, reconnectPeriod: 0 });
    try {
      await device.publishAsync(deviceTopic(deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }), { qos: 1 });
    } finally {
      await device.endAsync();
    }
    const heardA = await socketA.waitFor('/alertNotify', (frame) => frame.data.deviceId === deviceId, 15_000);
    const heardB = await socketB.waitFor('/alertNotify', (frame) => frame.data.deviceId === deviceId, 15_000);
    assert.equal(heardA.data.id, heardB.data.id);
    assert.equal(heardA.data.alertType, 'FALL_ALARM');
    // Once: the shared subscription gave the message to one process only (a second would show as a repeat).
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const socket of [socketA, socketB]) assert.equal(socket.of('/alertNotify').filter((frame) => frame.data.deviceId === deviceId).length, 1);
    assert.equal(await rowsOf(deviceId), 1);
    assert.equal((await sql.query('select repeat_count from alarms where device_id = $1', [deviceId])).rows[0].repeat_count, 0);

    const handled = await call(b, api.alarmDealStatus, { id: heardA.data.id, dealOption: 'CHECKED' }, onB.token);
    assert.equal(handled.status, 200, handled.msg);
    await socketA.waitFor('/checkAlarm', (frame) => frame.data.id === heardA.data.id);
    const again = await call(a, api.alarmDealStatus, { id: heardA.data.id, dealOption: 'CHECKED' }, onA.token);
    assert.equal(again.status, Status.CONFLICT);
    assert.equal(foreign.of('/alertNotify').length, 0);
  });

  test('the same device event in both processes at once opens one alarm', async () => {
    const deviceId = randomDeviceId('MP');
    const command = { deviceId, deviceType: 20993, providerId, bedId: null, roomId: null, type: 'sos' as const, status: 1 };
    await Promise.all([a.publish(command), b.publish(command), a.publish(command), b.publish(command)]);
    assert.equal(await rowsOf(deviceId), 1);
    const repeats = (await sql.query('select repeat_count from alarms where device_id = $1', [deviceId])).rows;
    assert.equal(repeats[0].repeat_count, 3);
  });

  test('killed hard (SIGKILL) in a burst of alarms: every alarm a socket saw is in the pending list after restart, none twice', async () => {
    const session = await login(b, 'demotwoa');
    const watcher = await openSocket(b.baseUrl, { key: session.key });
    sockets.push(watcher);
    const prefix = randomDeviceId('KILL');
    b.publishLater({ deviceId: prefix, deviceType: 20993, providerId, bedId: null, roomId: null, type: 'sos', status: 1, count: 3000 });
    // Kill once sockets have seen some of the burst, while the rest is still being raised.
    await watcher.waitFor('/safeAlertNotify', () => watcher.of('/safeAlertNotify').filter((frame) => frame.data.deviceId.startsWith(prefix)).length >= 40, 30_000);
    await b.kill();
    const seen = new Set(watcher.of('/safeAlertNotify').filter((frame) => frame.data.deviceId.startsWith(prefix)).map((frame) => frame.data.id));
    assert.ok(seen.size >= 40);
    assert.ok(seen.size < 3000, 'killed while the burst was still being raised');

    b = await startVigilProcess(env);
    const pending = await call(b, api.alarmLogUnDeal, { startTime: Date.now() - api.PENDING_LOOKBACK_MS, pageSize: api.PENDING_PAGE_SIZE, pageNum: 1, orderBy: 'timeStamp', order: 'desc' }, session.token);
    assert.equal(pending.status, 200, pending.msg);
    const ids = pending.data.rows.filter((row) => row.deviceId.startsWith(prefix)).map((row) => row.id);
    assert.equal(new Set(ids).size, ids.length, 'no alarm twice in the pending list');
    for (const id of seen) assert.ok(ids.includes(id), `alarm ${id} seen on a socket is pending after the restart`);
    const perDevice = (await sql.query("select device_id, count(*)::int as n from alarms where device_id like $1 group by device_id having count(*) > 1", [`${prefix}-%`])).rows;
    assert.deepEqual(perDevice, []);
    // The other process kept serving throughout.
    assert.equal((await call(a, api.monitorAlertFlag, {}, (await login(a, 'demotwoa')).token)).data, true);
  });
});
