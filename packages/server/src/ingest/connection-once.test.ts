import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { collect, connectDevice, eventually, registerDevice } from './ingest-fixtures.ts';

/** One CONNECTION alarm per offline period, whatever last wills and reconnects arrive (real MQTT). */
describe('CONNECTION once per offline period', () => {
  let server: TestServer;
  let url: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    url = `mqtt://127.0.0.1:${server.vigil.mqttPort}`;
  });
  after(() => server.close());

  test('wills of a device that is already offline raise nothing more; the next offline period raises once again', async () => {
    const { db } = server.vigil.database;
    const provider = await db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwoa').executeTakeFirstOrThrow();
    const device = await registerDevice(db, { deviceType: 20995, providerId: provider.provider_id });
    const statuses = collect(server.vigil.bus, 'device.status');
    const connection = () => db.selectFrom('alarms').select(['id', 'repeat_count', 'relieved']).where('device_id', '=', device.deviceId).where('alert_type', '=', 'CONNECTION').execute();
    const settle = async () => {
      await server.vigil.devices.ingest.flush();
      await server.vigil.alarms.pipeline.drain();
    };
    const dropWithWill = async () => {
      const client = await connectDevice(url, device, { will: true });
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.stream.destroy();
      await closed;
      return client;
    };

    const first = await connectDevice(url, device, { will: true });
    await first.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true }), { qos: 1, retain: true });
    await eventually(() => statuses.some((entry) => entry.deviceId === device.deviceId && entry.online), 'online');
    first.stream.destroy();
    await eventually(async () => (await connection()).length === 1, 'the CONNECTION alarm');

    // The device reconnects and drops again and again without ever reporting: one offline period.
    for (let round = 0; round < 5; round++) await dropWithWill();
    // A firmware that publishes its own "offline, last will" status, retained, a few times.
    const odd = await connectDevice(url, device);
    for (let round = 0; round < 3; round++) await odd.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: false, lastWill: true }), { qos: 1, retain: true });
    await odd.endAsync();
    await eventually(() => statuses.filter((entry) => entry.deviceId === device.deviceId && !entry.online).length >= 9, 'every offline status');
    await settle();
    const alarms = await connection();
    assert.equal(alarms.length, 1);
    assert.equal(alarms[0]?.repeat_count, 0, 'not raised again');
    assert.equal(statuses.filter((entry) => entry.deviceId === device.deviceId && entry.reason === 'lastWill').length, 1);

    // It comes back (relieves the alarm) and drops once more: a new offline period, one more alarm.
    const back = await connectDevice(url, device, { will: true });
    await back.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true }), { qos: 1, retain: true });
    await eventually(() => statuses.filter((entry) => entry.deviceId === device.deviceId && entry.online).length >= 2, 'back online');
    back.stream.destroy();
    await eventually(() => statuses.filter((entry) => entry.deviceId === device.deviceId && entry.reason === 'lastWill').length === 2, 'the second will');
    await settle();
    const after = await connection();
    const raises = after.reduce((sum, alarm) => sum + 1 + alarm.repeat_count, 0);
    assert.equal(raises, 2, 'two offline periods, two raises');
  });
});
