import assert from 'node:assert/strict';
import { openedTestKey } from '../../test/device-keys.ts';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { deviceTopic, Status, type CommandMessage } from '@vigil/contracts';
import type { MqttClient } from 'mqtt';
import { connectDevice, eventually } from '../../ingest/ingest-fixtures.ts';
import { homeDevice, setOnline } from '../../test/device-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Device key rotation (docs/devices.md "Key rotation") through the real transports: the embedded
 * MQTT broker's login and the HTTP device API's bearer check, with the command over real MQTT.
 */
describe('device key rotation', () => {
  let server: TestServer;
  let vendor: string;
  let home: string;
  let url: string;
  const clients: MqttClient[] = [];

  before(async () => {
    server = await startTestServer({ demo: true });
    vendor = (await server.login('demosenior')).token;
    home = (await server.login('demotwoa')).token;
    url = `mqtt://127.0.0.1:${server.vigil.mqttPort}`;
  });
  after(async () => {
    for (const client of clients) await client.endAsync(true);
    await server.close();
  });

  /** A device of the care home, online, with its original key. */
  async function onlineDevice() {
    const device = await homeDevice(server, vendor, home);
    await setOnline(server, device.id, true);
    return device;
  }

  /** Answers whether an MQTT login with this key is accepted (the connection is closed again). */
  async function mqttLogin(deviceId: string, key: string): Promise<boolean> {
    try {
      const client = await connectDevice(url, { deviceId, key });
      await client.endAsync(true);
      return true;
    } catch {
      return false;
    }
  }

  const httpStatus = async (deviceId: string, key: string) =>
    (await server.vigil.app.inject({
      method: 'POST', url: `/api/device/v1/${deviceId}/status`, payload: JSON.stringify({ online: true }),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    })).statusCode;

  /** The device's keys as stored, opened (the registry holds them sealed). */
  const keysOf = async (id: number) => {
    const row = await server.vigil.database.db.selectFrom('devices').select(['device_key', 'previous_key', 'previous_key_until']).where('id', '=', id).executeTakeFirstOrThrow();
    return { ...row, device_key: openedTestKey(row.device_key), previous_key: row.previous_key === null ? null : openedTestKey(row.previous_key) };
  };

  test('MQTT: the device gets rotateKey on cmd; both keys log in during the grace; logging in with the new key ends the old one', async () => {
    const device = await onlineDevice();
    const listener = await connectDevice(url, { deviceId: device.deviceId, key: device.deviceKey });
    clients.push(listener);
    await listener.subscribeAsync(deviceTopic(device.deviceId, 'cmd'), { qos: 1 });
    const received: CommandMessage[] = [];
    listener.on('message', (_topic, payload) => void received.push(JSON.parse(payload.toString())));

    const before = Date.now();
    const rotated = await server.call(api.rotateDeviceKey, { id: device.id }, { token: vendor });
    assert.equal(rotated.status, Status.OK, rotated.msg);
    const newKey = rotated.data.deviceKey;
    assert.notEqual(newKey, device.deviceKey);
    assert.match(newKey, /^[0-9a-f]{64}$/);
    assert.ok(rotated.data.previousKeyUntil >= before + api.DEVICE_KEY_GRACE_MS);
    assert.equal(rotated.data.command.cmd, 'rotateKey');
    const command = await eventually(() => received.find((message) => message.cmd === 'rotateKey'), 'the rotateKey command');
    assert.deepEqual(command.args, { key: newKey });
    assert.equal((await server.call(api.getDevice, { id: device.id }, { token: vendor })).data.deviceKey, newKey, 'the detail shows the new key');

    assert.equal(await mqttLogin(device.deviceId, device.deviceKey), true, 'the old key still works during the grace');
    assert.equal(await mqttLogin(device.deviceId, 'not-a-key'), false);
    assert.equal(await mqttLogin(device.deviceId, newKey), true, 'the new key works');
    assert.equal((await keysOf(device.id)).previous_key, null, 'using it confirmed the rotation');
    const confirmed = await server.call(api.getDevice, { id: device.id }, { token: vendor });
    assert.equal(confirmed.data.lastCommand?.state, 'acked', 'the rotation the device confirmed by logging in is not left pending (or "timeout")');
    assert.equal(await mqttLogin(device.deviceId, device.deviceKey), false, 'the old key stopped');
    assert.equal(await httpStatus(device.deviceId, device.deviceKey), 401);
  });

  test('MQTT: the device\'s ack confirms the new key; a refusing ack puts the old key back', async () => {
    const device = await onlineDevice();
    const received: CommandMessage[] = [];
    // The client ID is the device ID, so each mqttLogin below takes over the device's session: it connects again after them.
    const listen = async () => {
      const client = await connectDevice(url, { deviceId: device.deviceId, key: device.deviceKey });
      clients.push(client);
      await client.subscribeAsync(deviceTopic(device.deviceId, 'cmd'), { qos: 1 });
      client.on('message', (_topic, payload) => void received.push(JSON.parse(payload.toString())));
      return client;
    };
    let listener = await listen();
    const ack = async (id: string, ok: boolean) => {
      await listener.publishAsync(deviceTopic(device.deviceId, 'ack'), JSON.stringify({ id, ok, ts: Date.now(), ...(ok ? {} : { code: 'keyRefused' }) }), { qos: 1 });
      await server.vigil.devices.ingest.flush();
    };

    const refused = await server.call(api.rotateDeviceKey, { id: device.id }, { token: vendor });
    assert.equal(refused.status, Status.OK, refused.msg);
    await eventually(() => received.find((message) => message.id === refused.data.command.id), 'the first rotateKey');
    await ack(refused.data.command.id, false);
    await eventually(async () => (await keysOf(device.id)).device_key === device.deviceKey, 'the old key restored');
    assert.equal((await keysOf(device.id)).previous_key, null);
    assert.equal(await mqttLogin(device.deviceId, refused.data.deviceKey), false, 'the refused key never works');
    assert.equal(await mqttLogin(device.deviceId, device.deviceKey), true);
    listener = await listen();

    const accepted = await server.call(api.rotateDeviceKey, { id: device.id }, { token: vendor });
    await eventually(() => received.find((message) => message.id === accepted.data.command.id), 'the second rotateKey');
    await ack(accepted.data.command.id, true);
    await eventually(async () => (await keysOf(device.id)).previous_key === null, 'the rotation confirmed');
    assert.equal((await keysOf(device.id)).device_key, accepted.data.deviceKey);
    assert.equal(await mqttLogin(device.deviceId, device.deviceKey), false, 'the old key stopped');
    assert.equal(await mqttLogin(device.deviceId, accepted.data.deviceKey), true);
    const detail = await server.call(api.getDevice, { id: device.id }, { token: vendor });
    assert.equal(detail.data.lastCommand?.state, 'acked');
  });

  test('HTTP: both keys work during the grace, the new one confirms; after the grace the old one is refused', async () => {
    const device = await onlineDevice();
    const first = await server.call(api.rotateDeviceKey, { id: device.id }, { token: vendor });
    assert.equal(first.status, Status.OK, first.msg);
    assert.equal(await httpStatus(device.deviceId, device.deviceKey), 200, 'old key during the grace');
    assert.equal(await httpStatus(device.deviceId, 'wrong'), 401);
    assert.equal(await httpStatus(device.deviceId, first.data.deviceKey), 200, 'new key');
    assert.equal(await httpStatus(device.deviceId, device.deviceKey), 401, 'the new key was used: the old one stopped');

    // A second rotation the device never takes up: once the grace has passed, only the newest key opens it.
    await setOnline(server, device.id, true);
    const second = await server.call(api.rotateDeviceKey, { id: device.id }, { token: vendor });
    assert.equal(second.status, Status.OK, second.msg);
    assert.equal(await httpStatus(device.deviceId, first.data.deviceKey), 200, 'the confirmed key during the grace');
    await server.vigil.database.db.updateTable('devices').set({ previous_key_until: Date.now() - 1 }).where('id', '=', device.id).execute();
    await server.vigil.devices.directory.refresh(device.deviceId);
    assert.equal(await httpStatus(device.deviceId, first.data.deviceKey), 401, 'the grace is over');
    assert.equal(await mqttLogin(device.deviceId, first.data.deviceKey), false);
    assert.equal(await httpStatus(device.deviceId, second.data.deviceKey), 200);
  });

  test('an offline device keeps its key, with the offline message; care homes cannot rotate', async () => {
    const device = await homeDevice(server, vendor, home);
    const offline = await server.call(api.rotateDeviceKey, { id: device.id }, { token: vendor });
    assert.equal(offline.status, Status.CONFLICT);
    assert.match(offline.msg, /offline/);
    assert.equal((await keysOf(device.id)).device_key, device.deviceKey);
    await setOnline(server, device.id, true);
    const byHome = await server.call(api.rotateDeviceKey, { id: device.id }, { token: home });
    assert.equal(byHome.status, Status.NO_PERMISSION);
    assert.equal((await keysOf(device.id)).device_key, device.deviceKey);
    assert.equal(await httpStatus(device.deviceId, device.deviceKey), 200);
  });
});
