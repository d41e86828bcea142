import { testDeviceKeys } from '../test/device-keys.ts';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import pg from 'pg';
import { randomDeviceId } from '../test/alarm-fixtures.ts';
import { freshPostgres } from '../test/harness.ts';
import { startVigilProcess, type VigilProcess } from '../test/processes.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const MOSQUITTO = process.env.TEST_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';
const DEVICES = 240;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 26: PostgreSQL connections cut under two Vigil processes while they ingest a stream of
 * alarm-raising device messages (not an idle pool). Connections are cut while idle, checked out
 * and mid-transaction; neither process may end, and every event still becomes exactly one alarm
 * (the failed batch and the failed raise are retried).
 */
describe('PostgreSQL backends terminated during an alarm storm on two processes', { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let admin: pg.Client;
  let processes: VigilProcess[] = [];

  before(async () => {
    database = await freshPostgres(POSTGRES);
    const unique = crypto.randomBytes(6).toString('hex');
    const env = { DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: `vigil:test:${unique}`, MQTT_URL: MOSQUITTO, MQTT_SHARE_GROUP: `vigil-pg-${unique}` };
    processes.push(await startVigilProcess({ ...env, VIGIL_TEST_SEED: '1' }));
    processes.push(await startVigilProcess(env));
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  after(async () => {
    await admin?.end();
    for (const vigil of processes) await vigil.stop();
    await database?.drop();
  });

  async function terminateVigilBackends(): Promise<number> {
    const rows = await admin.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = current_database() and application_name = 'vigil'`,
    );
    return rows.rows.filter((row) => row.terminated).length;
  }

  test('both processes live on and every fall event is one alarm', async () => {
    const providerId = (await admin.query<{ id: number }>(`select provider_id as id from accounts where user_name = 'demotwoa'`)).rows[0].id;
    const prefix = randomDeviceId('PGX');
    const ids = Array.from({ length: DEVICES }, (_, index) => `${prefix}-${index}`);
    const time = Date.now();
    for (const deviceId of ids) {
      await admin.query(
        `insert into devices (device_id, cipher_id, device_type, device_key, provider_id, pairing, online, location, settings, remark, created_at, updated_at)
         values ($1, $2, 21007, $3, $4, 'none', 0, '', '{}', '', $5, $5)`,
        [deviceId, `C${deviceId}`, testDeviceKeys.seal(crypto.randomBytes(16).toString('hex')), providerId, time],
      );
    }
    const publisher = await mqtt.connectAsync(MOSQUITTO, { protocolVersion: 5, clientId: `${prefix}-${process.pid}`, reconnectPeriod: 0 });
    let terminated = 0;
    try {
      // 240 falls over ~6 s; the backends are cut four times while they are being stored and raised.
      const storm = (async () => {
        for (const deviceId of ids) {
          await publisher.publishAsync(deviceTopic(deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }), { qos: 1 });
          await sleep(25);
        }
      })();
      for (const at of [800, 1_000, 1_200, 1_400]) {
        await sleep(at);
        terminated += await terminateVigilBackends();
      }
      await storm;
    } finally {
      await publisher.endAsync();
    }
    assert.ok(terminated >= 4, `Vigil's connections were cut (${terminated})`);

    const deadline = Date.now() + 40_000;
    let stored = 0;
    while (Date.now() < deadline) {
      stored = (await admin.query<{ n: number }>(`select count(distinct device_id)::int as n from alarms where device_id like $1`, [`${prefix}-%`])).rows[0].n;
      if (stored === DEVICES) break;
      await sleep(200);
    }
    await sleep(500);
    for (const vigil of processes) assert.equal(vigil.child.exitCode ?? vigil.child.signalCode, null, 'the process is still running');
    const rows = (await admin.query<{ device_id: string; n: number; repeats: number }>(
      `select device_id, count(*)::int as n, max(repeat_count)::int as repeats from alarms where device_id like $1 group by device_id`,
      [`${prefix}-%`],
    )).rows;
    assert.equal(rows.length, DEVICES, 'every fall raised an alarm');
    assert.deepEqual(rows.filter((row) => row.n !== 1 || row.repeats !== 0), [], 'one alarm per event, no repeats');
    // Both answer, and the lost connections are counted.
    let lost = 0;
    for (const vigil of processes) {
      const metrics = await (await fetch(`${vigil.baseUrl}/metrics`)).text();
      lost += Number(/^vigil_db_connections_lost_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
    }
    assert.ok(lost >= 1, 'the cut connections are counted');
  });
});
