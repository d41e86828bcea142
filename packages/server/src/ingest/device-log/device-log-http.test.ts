import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import { insertLogDevices, startDeviceLogCluster, TEST_MOSQUITTO, waitFor, type DeviceLogCluster } from '../../test/device-log-fixtures.ts';
import type { VigilProcess } from '../../test/processes.ts';
import { CARRIER_PUSH_PATH } from '../carrier/carrier.routes.ts';
import { partitionOf } from './partitions.ts';

const PARTITIONS = 4;
const FALL_DETECTOR = 21007;
/** The NB-IoT SOS button (SOS-N03), reporting through the carrier's platform. */
const NB_SOS_BUTTON = 20993;
const CARRIER_SECRET = 'carrier-push-secret-for-log-tests';

/**
 * Issue 26: with NATS_URL, a device message posted over HTTP (docs/device-protocol.md) and a report
 * the NB-IoT carrier's platform pushes (docs/carrier-adapter.md) go through the same durable device
 * log as one heard over MQTT: the process that answers checks it (the same refusals as before),
 * appends it and answers 200 once the log holds it; the partition's owner handles it, in order with
 * the device's other messages, and a body sent again is one message.
 */
describe('device messages over HTTP and carrier pushes through the device log (two processes)', { timeout: 150_000 }, () => {
  let cluster: DeviceLogCluster;
  let publisher: mqtt.MqttClient;
  let a: VigilProcess;
  let b: VigilProcess;

  before(async () => {
    ({ cluster, processes: [a, b] } = await startDeviceLogCluster({ partitions: PARTITIONS, processes: 2, env: { CARRIER_PUSH_SECRET: CARRIER_SECRET } }));
    publisher = await mqtt.connectAsync(TEST_MOSQUITTO, { protocolVersion: 5, clientId: `log-http-test-${cluster.unique}`, reconnectPeriod: 0 });
  });
  after(async () => {
    await publisher?.endAsync();
    await cluster?.close();
  });

  /** Devices of a type (with their plain keys) whose partitions `owner` holds, so a message sent to the other process must cross the log. */
  async function devicesOwnedBy(owner: VigilProcess, count: number, deviceType = FALL_DETECTOR) {
    return insertLogDevices(cluster, await cluster.idsOwnedBy(owner, count, 'LOGH'), deviceType);
  }

  const post = (vigil: VigilProcess, device: { deviceId: string; key: string }, channel: string, body: string) =>
    fetch(`${vigil.baseUrl}/api/device/v1/${device.deviceId}/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${device.key}`, 'content-type': 'application/json' }, body });

  async function handledBy(vigil: VigilProcess): Promise<number> {
    const metrics = await (await fetch(`${vigil.baseUrl}/metrics`)).text();
    return Number(/^vigil_device_log_handled_total\{result="handled"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
  }

  test('a fall posted to the process that does not own the device is appended to the log and handled by the owner; bad bodies are refused before the log', async () => {
    const [device] = await devicesOwnedBy(b, 1);
    const handledBefore = await handledBy(b);
    const seqBefore = await cluster.lastSeq();

    const malformed = await post(a, device, 'event', '{"type":');
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as { data: { reason: string } }).data.reason, 'malformed');
    const unknownType = await post(a, device, 'event', JSON.stringify({ ts: Date.now(), type: 'levitation', status: 1 }));
    assert.equal(unknownType.status, 400);
    assert.equal(((await unknownType.json()) as { data: { reason: string } }).data.reason, 'unknownType');
    const wrongKey = await post(a, { ...device, key: 'not-the-key' }, 'event', JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }));
    assert.equal(wrongKey.status, 401);
    assert.deepEqual(await cluster.logMessagesOf(device.deviceId, seqBefore), [], 'nothing refused reached the log');

    const answer = await post(a, device, 'event', JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }));
    assert.equal(answer.status, 200);
    assert.deepEqual(((await answer.json()) as { data: unknown }).data, { commands: [] });
    // Answered once the log holds it: the message is in the device's partition, marked as posted over HTTP.
    const stored = await cluster.logMessagesOf(device.deviceId, seqBefore);
    assert.equal(stored.length, 1, 'one message of the device in the log');
    assert.equal(stored[0].subject, `${cluster.stream}.p${partitionOf(device.deviceId, PARTITIONS)}`);
    assert.equal(stored[0].header.get('Vigil-Transport'), 'http');

    await waitFor('the fall is an alarm', async () => (await cluster.admin.query(`select 1 from alarms where device_id = $1 and alert_type = 'FALL_ALARM'`, [device.deviceId])).rowCount === 1, 20_000);
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
    await waitFor('the later status is handled', async () => (await cluster.admin.query(`select 1 from devices where device_id = $1 and battery = 42`, [device.deviceId])).rowCount === 1, 20_000);
    const alarms = (await cluster.admin.query<{ repeat_count: number }>(`select repeat_count from alarms where device_id = $1`, [device.deviceId])).rows;
    assert.deepEqual(alarms, [{ repeat_count: 0 }], 'one alarm, no repeat');
  });

  test('a fall posted over HTTP and its end sent over MQTT right after keep their order: every alarm is relieved', async () => {
    const devices = await devicesOwnedBy(b, 20);
    await Promise.all(devices.map(async (device) => {
      assert.equal((await post(a, device, 'event', JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }))).status, 200);
      await publisher.publishAsync(deviceTopic(device.deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 0 }), { qos: 1 });
    }));
    const ids = devices.map((device) => device.deviceId);
    await waitFor('every fall is an alarm', async () => (await cluster.admin.query<{ n: number }>(`select count(*)::int as n from alarms where device_id = any($1)`, [ids])).rows[0].n === devices.length, 20_000);
    // Each end is handled after its fall (same partition, in order): wait until every alarm is relieved; an end handled first would leave it pending for good.
    await waitFor('every fall is relieved by its end', async () => (await cluster.admin.query<{ n: number }>(`select count(*)::int as n from alarms where device_id = any($1) and relieved = 1`, [ids])).rows[0].n === devices.length, 20_000);
  });

  /** NB-IoT SOS buttons whose partitions `owner` holds, registered under a Vigil ID with their IMEI beside it (the carrier names the IMEI). */
  async function sosButtonsOwnedBy(owner: VigilProcess, count: number) {
    const imeis = new Map<string, string>();
    const devices = await insertLogDevices(cluster, await cluster.idsOwnedBy(owner, count, 'LOGNB'), NB_SOS_BUTTON, {
      imeiOf: (deviceId) => {
        const imei = `86${crypto.randomInt(10 ** 12).toString().padStart(13, '0')}`;
        imeis.set(deviceId, imei);
        return imei;
      },
    });
    return devices.map((device) => ({ ...device, imei: imeis.get(device.deviceId) ?? '' }));
  }

  const push = (vigil: VigilProcess, body: unknown, secret = CARRIER_SECRET) =>
    fetch(`${vigil.baseUrl}${CARRIER_PUSH_PATH}`, { method: 'POST', headers: { 'x-carrier-secret': secret, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** The carrier's alarm report (code 1: SOS) as CTWing pushes it; `on` 1 pressed, 0 cleared. */
  const sosReport = (imei: string, on: 0 | 1, extra: Record<string, number> = {}) =>
    ({ messageType: 'eventReport', deviceId: `ctw-${imei}`, IMEI: imei, timestamp: Date.now(), payload: { alarmCode: 1, alarmStatus: on, ...extra } });
  const pushAnswer = async (answer: Response) => ({ status: answer.status, data: ((await answer.json()) as { data: unknown }).data });

  test('a carrier push to the process that does not own the device is in the log under the device and raised by the owner; refused and dropped reports never reach the log', async () => {
    const [button] = await sosButtonsOwnedBy(b, 1);
    const seqBefore = await cluster.lastSeq();

    assert.equal((await push(a, sosReport(button.imei, 1), 'not-the-carrier-secret')).status, 401);
    const dropped = await push(a, [{ messageType: 'nonsense' }, { ...sosReport(button.imei, 1), payload: { alarmCode: 99, alarmStatus: 1 } }, sosReport('869999999999999', 1)]);
    assert.deepEqual(await pushAnswer(dropped), { status: 200, data: { accepted: 0, dropped: 3 } }, 'malformed, unknown alarm code, unknown device: answered as without the log');
    assert.deepEqual(await cluster.logMessagesOf(button.deviceId, seqBefore), [], 'nothing refused or dropped reached the log');

    const answer = await push(a, sosReport(button.imei, 1, { battery: 15 }));
    assert.deepEqual(await pushAnswer(answer), { status: 200, data: { accepted: 1, dropped: 0 } });
    // Answered once the log holds it: the report's status and event, under the Vigil device's ID, in its partition.
    const stored = await cluster.logMessagesOf(button.deviceId, seqBefore);
    assert.deepEqual(stored.map((message) => [message.header.get('Vigil-Channel'), message.header.get('Vigil-Transport'), message.subject]), [
      ['status', 'carrier', `${cluster.stream}.p${partitionOf(button.deviceId, PARTITIONS)}`],
      ['event', 'carrier', `${cluster.stream}.p${partitionOf(button.deviceId, PARTITIONS)}`],
    ]);
    await waitFor('the SOS is an alarm', async () => (await cluster.admin.query(`select 1 from alarms where device_id = $1 and alert_type = 'SOS'`, [button.deviceId])).rowCount === 1, 20_000);
    // Raised from the log message (only the partition's owner consumes it), not by the process that answered the carrier.
    const alarm = (await cluster.admin.query<{ source_message: string | null }>(`select source_message from alarms where device_id = $1`, [button.deviceId])).rows;
    assert.deepEqual(alarm, [{ source_message: `${cluster.stream}:${stored[1].seq}` }]);
    assert.equal((await cluster.admin.query<{ battery: number }>(`select battery from devices where device_id = $1`, [button.deviceId])).rows[0].battery, 15);
  });

  test('the carrier pushing the same report again (its answer was lost) makes one log message each and one alarm, without a repeat', async () => {
    const [button] = await sosButtonsOwnedBy(b, 1);
    const seqBefore = await cluster.lastSeq();
    const report = sosReport(button.imei, 1, { battery: 30 });
    // The retry may reach either process (a load balancer in front of both).
    for (const vigil of [a, b, a]) assert.deepEqual(await pushAnswer(await push(vigil, report)), { status: 200, data: { accepted: 1, dropped: 0 } });
    // A later report of the device, handled after the copies (one partition, in order): once it is in, they are too.
    assert.equal((await push(b, { messageType: 'dataReport', deviceId: `ctw-${button.imei}`, IMEI: button.imei, timestamp: Date.now() + 1, payload: { battery: 42 } })).status, 200);
    await waitFor('the later report is handled', async () => (await cluster.admin.query(`select 1 from devices where device_id = $1 and battery = 42`, [button.deviceId])).rowCount === 1, 20_000);
    const alarms = (await cluster.admin.query<{ repeat_count: number }>(`select repeat_count from alarms where device_id = $1`, [button.deviceId])).rows;
    assert.deepEqual(alarms, [{ repeat_count: 0 }], 'one alarm, no repeat');
    assert.deepEqual((await cluster.logMessagesOf(button.deviceId, seqBefore)).map((message) => message.header.get('Vigil-Channel')), ['status', 'event', 'status'], 'the report once, then the later one');
  });

  test('a carrier push and the device\'s own HTTP post right after keep their order, either way round: every SOS is relieved', async () => {
    const buttons = await sosButtonsOwnedBy(b, 20);
    const sos = (status: 0 | 1) => JSON.stringify({ ts: Date.now(), type: 'sos', status });
    await Promise.all(buttons.map(async (button, index) => {
      if (index % 2 === 0) {
        assert.equal((await push(a, sosReport(button.imei, 1))).status, 200);
        assert.equal((await post(a, button, 'event', sos(0))).status, 200);
      } else {
        assert.equal((await post(a, button, 'event', sos(1))).status, 200);
        assert.equal((await push(b, sosReport(button.imei, 0))).status, 200);
      }
    }));
    const ids = buttons.map((button) => button.deviceId);
    await waitFor('every SOS is an alarm', async () => (await cluster.admin.query<{ n: number }>(`select count(*)::int as n from alarms where device_id = any($1)`, [ids])).rows[0].n === buttons.length, 20_000);
    // Each clear is handled after its SOS (same partition, in order, whichever way each came): one handled first would leave the alarm pending for good.
    await waitFor('every SOS is relieved by its clear', async () => (await cluster.admin.query<{ n: number }>(`select count(*)::int as n from alarms where device_id = any($1) and relieved = 1`, [ids])).rows[0].n === buttons.length, 20_000);
  });
});
