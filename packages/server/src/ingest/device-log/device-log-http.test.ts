import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import { connect, type NatsConnection } from 'nats';
import pg from 'pg';
import { randomDeviceId } from '../../test/alarm-fixtures.ts';
import { testDeviceKeys } from '../../test/device-keys.ts';
import { freshPostgres } from '../../test/harness.ts';
import { startVigilProcess, type VigilProcess } from '../../test/processes.ts';
import { partitionOf } from './partitions.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const MOSQUITTO = process.env.TEST_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';
const NATS = process.env.TEST_NATS_URL?.trim() || 'nats://127.0.0.1:4222';
const PARTITIONS = 4;
const FALL_DETECTOR = 21007;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 26: with NATS_URL, a device message posted over HTTP (docs/device-protocol.md) goes through
 * the same durable device log as one heard over MQTT: the process that answers the device checks it
 * (400, 413, 429 as before), appends it and answers 200 once the log holds it; the partition's owner
 * handles it, in order with the device's MQTT messages, and a retried body is one message.
 */
describe('device messages over HTTP through the device log (two processes)', { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let admin: pg.Client;
  let publisher: mqtt.MqttClient;
  let nats: NatsConnection;
  let a: VigilProcess;
  let b: VigilProcess;
  let stream = '';
  let providerId = 0;

  before(async () => {
    database = await freshPostgres(POSTGRES);
    const unique = crypto.randomBytes(6).toString('hex');
    stream = `VIGIL_TEST_${unique}`;
    const env = {
      DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: `vigil:test:${unique}`, MQTT_URL: MOSQUITTO,
      NATS_URL: NATS, NATS_STREAM: stream, DEVICE_LOG_PARTITIONS: String(PARTITIONS),
    };
    a = await startVigilProcess({ ...env, VIGIL_TEST_SEED: '1' });
    b = await startVigilProcess(env);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    providerId = (await admin.query<{ id: number }>(`select provider_id as id from accounts where user_name = 'demotwoa'`)).rows[0].id;
    publisher = await mqtt.connectAsync(MOSQUITTO, { protocolVersion: 5, clientId: `log-http-test-${unique}`, reconnectPeriod: 0 });
    nats = await connect({ servers: NATS });
    await waitFor('the partitions split between the two processes', async () => {
      const held = await owners();
      return [a, b].every((vigil) => [...held.values()].filter((pid) => pid === vigil.child.pid).length === PARTITIONS / 2);
    }, 20_000);
  });
  after(async () => {
    await publisher?.endAsync();
    await admin?.end();
    for (const vigil of [a, b]) await vigil?.stop();
    if (nats) {
      await (await nats.jetstreamManager()).streams.delete(stream).catch(() => {});
      await nats.close();
    }
    await database?.drop();
  });

  async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return;
      await sleep(200);
    }
    assert.fail(`timed out waiting until ${what}`);
  }

  /** Partition → the pid of the process holding its live lease (owner names carry the pid). */
  async function owners(): Promise<Map<number, number>> {
    const rows = (await admin.query<{ partition: number; owner: string }>(`select partition, owner from device_log_partitions where stream = $1 and owner is not null and lease_until > $2`, [stream, Date.now()])).rows;
    const map = new Map<number, number>();
    for (const row of rows) {
      const vigil = [a, b].find((candidate) => row.owner.includes(`-${candidate.child.pid}-`));
      if (vigil?.child.pid !== undefined) map.set(row.partition, vigil.child.pid);
    }
    return map;
  }

  /** Fall detectors (with their plain keys) whose partitions `owner` holds, so a post to the other process must cross the log. */
  async function devicesOwnedBy(owner: VigilProcess, count: number): Promise<{ deviceId: string; key: string }[]> {
    const map = await owners();
    const devices: { deviceId: string; key: string }[] = [];
    while (devices.length < count) {
      const deviceId = randomDeviceId('LOGH');
      if (map.get(partitionOf(deviceId, PARTITIONS)) === owner.child.pid) devices.push({ deviceId, key: crypto.randomBytes(12).toString('hex') });
    }
    const time = Date.now();
    await admin.query(
      `insert into devices (device_id, cipher_id, device_type, device_key, provider_id, pairing, online, location, settings, remark, created_at, updated_at)
       select id, 'C' || id, $3, key, $4, 'none', 0, '', '{}', '', $5, $5 from unnest($1::text[], $2::text[]) as t(id, key)`,
      [devices.map((device) => device.deviceId), devices.map((device) => testDeviceKeys.seal(device.key)), FALL_DETECTOR, providerId, time],
    );
    return devices;
  }

  const post = (vigil: VigilProcess, device: { deviceId: string; key: string }, channel: string, body: string) =>
    fetch(`${vigil.baseUrl}/api/device/v1/${device.deviceId}/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${device.key}`, 'content-type': 'application/json' }, body });

  async function handledBy(vigil: VigilProcess): Promise<number> {
    const metrics = await (await fetch(`${vigil.baseUrl}/metrics`)).text();
    return Number(/^vigil_device_log_handled_total\{result="handled"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
  }

  const lastSeq = async () => (await (await nats.jetstreamManager()).streams.info(stream)).state.last_seq;

  /**
   * The device's messages appended after `afterSeq`. Both processes hear every device topic on the
   * shared Mosquitto, so other tests' devices are appended to this stream too: the log's tail is not
   * ours to read, the device's own messages are.
   */
  async function logMessagesOf(deviceId: string, afterSeq: number) {
    const manager = await nats.jetstreamManager();
    const found = [];
    for (let seq = afterSeq + 1, last = await lastSeq(); seq <= last; seq++) {
      const message = await manager.streams.getMessage(stream, { seq }).catch(() => null);
      if (message?.header.get('Vigil-Device') === deviceId) found.push(message);
    }
    return found;
  }

  test('a fall posted to the process that does not own the device is appended to the log and handled by the owner; bad bodies are refused before the log', async () => {
    const [device] = await devicesOwnedBy(b, 1);
    const handledBefore = await handledBy(b);
    const seqBefore = await lastSeq();

    const malformed = await post(a, device, 'event', '{"type":');
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as { data: { reason: string } }).data.reason, 'malformed');
    const unknownType = await post(a, device, 'event', JSON.stringify({ ts: Date.now(), type: 'levitation', status: 1 }));
    assert.equal(unknownType.status, 400);
    assert.equal(((await unknownType.json()) as { data: { reason: string } }).data.reason, 'unknownType');
    const wrongKey = await post(a, { ...device, key: 'not-the-key' }, 'event', JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }));
    assert.equal(wrongKey.status, 401);
    assert.deepEqual(await logMessagesOf(device.deviceId, seqBefore), [], 'nothing refused reached the log');

    const answer = await post(a, device, 'event', JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }));
    assert.equal(answer.status, 200);
    assert.deepEqual(((await answer.json()) as { data: unknown }).data, { commands: [] });
    // Answered once the log holds it: the message is in the device's partition, marked as posted over HTTP.
    const stored = await logMessagesOf(device.deviceId, seqBefore);
    assert.equal(stored.length, 1, 'one message of the device in the log');
    assert.equal(stored[0].subject, `${stream}.p${partitionOf(device.deviceId, PARTITIONS)}`);
    assert.equal(stored[0].header.get('Vigil-Transport'), 'http');

    await waitFor('the fall is an alarm', async () => (await admin.query(`select 1 from alarms where device_id = $1 and alert_type = 'FALL_ALARM'`, [device.deviceId])).rowCount === 1, 20_000);
    // The owner handled it. (That the other process did not is not readable from its count: it handles
    // other tests' devices in its own partitions; one consumer per partition is the failover test's.)
    assert.ok((await handledBy(b)) > handledBefore, 'the owner handled it');
  });

  test('a device that posts the same body again (its answer was lost) makes one alarm, without a repeat', async () => {
    const [device] = await devicesOwnedBy(b, 1);
    const body = JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 });
    // The retry may reach either process (a load balancer in front of both).
    for (const vigil of [a, b, a]) assert.equal((await post(vigil, device, 'event', body)).status, 200);
    // A later message of the device, handled after the copies (one partition, in order): once it is in, they are too.
    assert.equal((await post(a, device, 'status', JSON.stringify({ online: true, battery: 42 }))).status, 200);
    await waitFor('the later status is handled', async () => (await admin.query(`select 1 from devices where device_id = $1 and battery = 42`, [device.deviceId])).rowCount === 1, 20_000);
    const alarms = (await admin.query<{ repeat_count: number }>(`select repeat_count from alarms where device_id = $1`, [device.deviceId])).rows;
    assert.deepEqual(alarms, [{ repeat_count: 0 }], 'one alarm, no repeat');
  });

  test('a fall posted over HTTP and its end sent over MQTT right after keep their order: every alarm is relieved', async () => {
    const devices = await devicesOwnedBy(b, 20);
    await Promise.all(devices.map(async (device) => {
      assert.equal((await post(a, device, 'event', JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }))).status, 200);
      await publisher.publishAsync(deviceTopic(device.deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 0 }), { qos: 1 });
    }));
    const ids = devices.map((device) => device.deviceId);
    await waitFor('every fall is an alarm', async () => (await admin.query<{ n: number }>(`select count(*)::int as n from alarms where device_id = any($1)`, [ids])).rows[0].n === devices.length, 20_000);
    // Each end is handled after its fall (same partition, in order): wait until every alarm is relieved; an end handled first would leave it pending for good.
    await waitFor('every fall is relieved by its end', async () => (await admin.query<{ n: number }>(`select count(*)::int as n from alarms where device_id = any($1) and relieved = 1`, [ids])).rows[0].n === devices.length, 20_000);
  });
});
