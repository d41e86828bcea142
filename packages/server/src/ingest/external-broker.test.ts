import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { collect, eventually, randomDeviceId, registerDevice } from './ingest-fixtures.ts';

/** The local Mosquitto (shared by every engineer on this machine): random device IDs and share group. */
const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe('Vigil on an external broker (Mosquitto through MQTT_URL, shared subscription)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { MQTT_URL: MOSQUITTO, MQTT_SHARE_GROUP: `vigil-test-${crypto.randomBytes(4).toString('hex')}` } });
  });
  after(() => server.close());

  test('runs no embedded broker and ingests what registered devices publish (MQTT 5 and 3.1.1)', async () => {
    assert.equal(server.vigil.mqttPort, null);
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20994 });
    const statuses = collect(server.vigil.bus, 'device.status');
    const events = collect(server.vigil.bus, 'device.event');
    const v5 = await mqtt.connectAsync(MOSQUITTO, { protocolVersion: 5, clientId: `${device.deviceId}-5`, username: device.deviceId, password: device.key, reconnectPeriod: 0 });
    await v5.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true, battery: 77 }), { qos: 1 });
    const status = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId), 'status over MQTT 5');
    assert.equal(status.status.battery, 77);
    const v4 = await mqtt.connectAsync(MOSQUITTO, { protocolVersion: 4, clientId: `${device.deviceId}-4`, username: device.deviceId, password: device.key, reconnectPeriod: 0 });
    await v4.publishAsync(deviceTopic(device.deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'water', status: 1 }), { qos: 1 });
    await eventually(() => events.find((entry) => entry.deviceId === device.deviceId), 'event over MQTT 3.1.1');
    await v5.endAsync();
    await v4.endAsync();
  });

  test('drops messages of devices that are not in the registry', async () => {
    const stranger = randomDeviceId('X');
    const events = collect(server.vigil.bus, 'device.event');
    const client = await mqtt.connectAsync(MOSQUITTO, { clientId: stranger, reconnectPeriod: 0 });
    await client.publishAsync(deviceTopic(stranger, 'event'), JSON.stringify({ ts: Date.now(), type: 'sos', status: 1 }), { qos: 1 });
    const response = await eventually(async () => {
      const text = (await server.vigil.app.inject({ method: 'GET', url: '/metrics' })).body;
      return /vigil_device_messages_dropped_total\{reason="unknownDevice"\} [1-9]/.test(text) ? text : undefined;
    }, 'the drop counted');
    assert.ok(response);
    assert.equal(events.filter((entry) => entry.deviceId === stranger).length, 0);
    await client.endAsync();
  });

  test('the downlink publishes commands through the external broker', async () => {
    const device = await registerDevice(server.vigil.database.db);
    const client = await mqtt.connectAsync(MOSQUITTO, { clientId: device.deviceId, reconnectPeriod: 0 });
    await client.subscribeAsync(deviceTopic(device.deviceId, 'cmd'), { qos: 1 });
    const received = new Promise<string>((resolve) => client.once('message', (_topic, payload) => resolve(payload.toString())));
    await server.vigil.downlink.send(device.deviceId, { id: 'x-1', cmd: 'test', args: {} });
    assert.equal(JSON.parse(await received).id, 'x-1');
    await client.endAsync();
  });
});
