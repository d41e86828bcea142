import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deviceTopic, DEVICE_MESSAGE_MAX_BYTES } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { collect, connectDevice, eventually, registerDevice } from './ingest-fixtures.ts';

async function metric(server: TestServer, pattern: RegExp): Promise<number> {
  const response = await server.vigil.app.inject({ method: 'GET', url: '/metrics' });
  const line = response.body.split('\n').find((entry) => pattern.test(entry));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('device protocol over the embedded MQTT broker', () => {
  let server: TestServer;
  let url: string;
  before(async () => {
    server = await startTestServer();
    assert.ok(server.vigil.mqttPort && server.vigil.mqttPort > 0);
    url = `mqtt://127.0.0.1:${server.vigil.mqttPort}`;
  });
  after(() => server.close());

  test('status, telemetry and event are stored, then published on the bus', async () => {
    const { db } = server.vigil.database;
    const device = await registerDevice(db, { deviceType: 20993 });
    const statuses = collect(server.vigil.bus, 'device.status');
    const events = collect(server.vigil.bus, 'device.event');
    const storedWhenPublished: number[] = [];
    server.vigil.bus.subscribe('device.samples', async (payload) => {
      if (payload.deviceId !== device.deviceId) return;
      // Store, then publish: the samples are readable when the event arrives.
      storedWhenPublished.push((await server.vigil.telemetry.read(device.deviceId, 0, Date.now() + 60_000)).length);
    });
    const client = await connectDevice(url, device);
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true, firmware: '1.2.3', battery: 80, signal: 4, power: true, tamper: 'installed' }), { qos: 1, retain: true });
    const t = Date.now();
    const samples = [0, 1, 2].map((i) => ({ t: t + i * 1000, hr: 60 + i, rr: 14, move: 0, bed: 'in', state: 'light' }));
    await client.publishAsync(deviceTopic(device.deviceId, 'telemetry'), JSON.stringify({ ts: t, samples }), { qos: 1 });
    await client.publishAsync(deviceTopic(device.deviceId, 'event'), JSON.stringify({ ts: t, type: 'sos', status: 1 }), { qos: 1 });

    const status = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId), 'device.status');
    assert.equal(status.online, true);
    assert.equal(status.reason, 'returned');
    assert.equal(status.status.battery, 80);
    await eventually(() => storedWhenPublished.length > 0, 'device.samples');
    assert.equal(storedWhenPublished[0], 3);
    const sensed = await eventually(() => events.find((entry) => entry.deviceId === device.deviceId), 'device.event');
    assert.equal(sensed.event.type, 'sos');
    assert.equal(sensed.subDevice, null);

    const row = await db.selectFrom('devices').selectAll().where('device_id', '=', device.deviceId).executeTakeFirstOrThrow();
    assert.equal(Number(row.online), 1);
    assert.equal(row.battery, 80);
    assert.equal(row.signal, 4);
    assert.equal(row.power, 1);
    assert.equal(row.tamper, 'installed');
    assert.equal(row.firmware_version, '1.2.3');
    const read = await server.vigil.telemetry.read(device.deviceId, t, t + 3000);
    assert.deepEqual(read.map((sample) => sample.hr), [60, 61, 62]);
    const logged = await db.selectFrom('device_messages').select(['channel']).where('device_id', '=', device.deviceId).orderBy('id').execute();
    assert.deepEqual(logged.map((entry) => entry.channel), ['status', 'event']);
    await client.endAsync();
  });

  test('a wrong key or an unknown device is refused at connect and counted', async () => {
    const device = await registerDevice(server.vigil.database.db);
    const before = await metric(server, /vigil_device_messages_dropped_total\{reason="badKey"\}/);
    await assert.rejects(connectDevice(url, { deviceId: device.deviceId, key: 'wrong' }));
    await assert.rejects(connectDevice(url, { deviceId: 'NOPE-1', key: device.key }));
    assert.equal(await metric(server, /vigil_device_messages_dropped_total\{reason="badKey"\}/), before + 1);
    assert.ok((await metric(server, /vigil_device_messages_dropped_total\{reason="unknownDevice"\}/)) >= 1);
  });

  test('publishing on another device\'s topic closes that connection; the other device carries on', async () => {
    const { db } = server.vigil.database;
    const rogue = await registerDevice(db);
    const victim = await registerDevice(db);
    const statuses = collect(server.vigil.bus, 'device.status');
    const rogueClient = await connectDevice(url, rogue);
    const victimClient = await connectDevice(url, victim);
    const closed = new Promise<void>((resolve) => rogueClient.once('close', () => resolve()));
    rogueClient.publish(deviceTopic(victim.deviceId, 'status'), JSON.stringify({ online: true, battery: 1 }), { qos: 0 });
    await closed;
    await victimClient.publishAsync(deviceTopic(victim.deviceId, 'status'), JSON.stringify({ online: true, battery: 55 }), { qos: 1 });
    const status = await eventually(() => statuses.find((entry) => entry.deviceId === victim.deviceId), 'victim status');
    assert.equal(status.status.battery, 55);
    assert.ok(!statuses.some((entry) => entry.status.battery === 1), 'the forged status was not ingested');
    assert.ok((await metric(server, /vigil_device_messages_dropped_total\{reason="forbiddenTopic"\}/)) >= 1);
    // Subscribing to another device's commands is refused too.
    await assert.rejects(victimClient.subscribeAsync(deviceTopic(rogue.deviceId, 'cmd'), { qos: 1 }), /Subscribe error/);
    rogueClient.end(true);
    await victimClient.endAsync();
  });

  test('malformed, unknown-type, oversized and flooding messages are dropped and counted; good ones still get in', async () => {
    const { db } = server.vigil.database;
    const device = await registerDevice(db, { deviceType: 20995 });
    const events = collect(server.vigil.bus, 'device.event');
    const client = await connectDevice(url, device);
    const topic = deviceTopic(device.deviceId, 'event');
    const count = (reason: string) => metric(server, new RegExp(`vigil_device_messages_dropped_total\\{reason="${reason}"\\}`));
    const before = { malformed: await count('malformed'), unknownType: await count('unknownType'), oversized: await count('oversized'), flood: await count('flood') };
    await client.publishAsync(topic, '{"ts":1,"type":', { qos: 1 });
    await client.publishAsync(topic, JSON.stringify({ ts: 1, type: 'teleport', status: 1 }), { qos: 1 });
    await client.publishAsync(topic, JSON.stringify({ ts: 1, type: 'door', status: 1, pad: 'x'.repeat(DEVICE_MESSAGE_MAX_BYTES) }), { qos: 1 });
    await client.publishAsync(deviceTopic(device.deviceId, 'telemetry'), JSON.stringify({ ts: 1, samples: [] }), { qos: 1 });
    await client.publishAsync(topic, JSON.stringify({ ts: Date.now(), type: 'door', status: 1 }), { qos: 1 });
    await eventually(() => events.find((entry) => entry.deviceId === device.deviceId), 'the good event');
    assert.equal(await count('malformed'), before.malformed + 2);
    assert.equal(await count('unknownType'), before.unknownType + 1);
    assert.equal(await count('oversized'), before.oversized + 1);

    // A flood: far more than the burst in a moment. Some get in, the rest are dropped, and the device stays connected.
    const flood = Array.from({ length: 200 }, (_, i) => client.publishAsync(topic, JSON.stringify({ ts: Date.now(), type: 'door', status: i % 2 }), { qos: 1 }));
    await Promise.all(flood);
    const dropped = (await count('flood')) - before.flood;
    assert.ok(dropped >= 100, `flood drops: ${dropped}`);
    assert.ok(client.connected);
    // Another device is not slowed down by it.
    const other = await registerDevice(db, { deviceType: 20996 });
    const otherClient = await connectDevice(url, other);
    await otherClient.publishAsync(deviceTopic(other.deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'smoke', status: 1 }), { qos: 1 });
    await eventually(() => events.find((entry) => entry.deviceId === other.deviceId), 'the other device\'s event');
    await client.endAsync();
    await otherClient.endAsync();
  });

  test('the last will takes a device offline; its next message brings it back', async () => {
    const { db } = server.vigil.database;
    const device = await registerDevice(db, { deviceType: 20995 });
    const statuses = collect(server.vigil.bus, 'device.status');
    const client = await connectDevice(url, device, { will: true });
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true }), { qos: 1, retain: true });
    await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId && entry.online), 'online');
    client.stream.destroy();
    const offline = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId && !entry.online), 'offline by last will');
    assert.equal(offline.reason, 'lastWill');
    assert.equal(offline.wasOnline, true);
    await eventually(async () => Number((await db.selectFrom('devices').select('online').where('device_id', '=', device.deviceId).executeTakeFirstOrThrow()).online) === 0, 'row offline');
    const again = await connectDevice(url, device);
    await again.publishAsync(deviceTopic(device.deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'door', status: 0 }), { qos: 1 });
    const back = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId && entry.reason === 'returned' && statuses.indexOf(entry) > statuses.indexOf(offline)), 'returned');
    assert.equal(back.online, true);
    client.end(true);
    await again.endAsync();
  });

  test('commands reach the device on cmd and its ack is published as device.ack', async () => {
    const device = await registerDevice(server.vigil.database.db);
    const acks = collect(server.vigil.bus, 'device.ack');
    const client = await connectDevice(url, device);
    await client.subscribeAsync(deviceTopic(device.deviceId, 'cmd'), { qos: 1 });
    const received = new Promise<string>((resolve) => client.once('message', (_topic, payload) => resolve(payload.toString())));
    await server.vigil.downlink.send(device.deviceId, { id: 'c-1', cmd: 'restart', args: {} });
    const command = JSON.parse(await received);
    assert.equal(command.cmd, 'restart');
    await client.publishAsync(deviceTopic(device.deviceId, 'ack'), JSON.stringify({ id: command.id, ok: true }), { qos: 1 });
    const ack = await eventually(() => acks.find((entry) => entry.deviceId === device.deviceId), 'device.ack');
    assert.equal(ack.ack.id, 'c-1');
    await client.endAsync();
  });

  test('an MQTT 5 device works the same: login, publish, commands, unsubscribe, last will', async () => {
    const device = await registerDevice(server.vigil.database.db);
    const statuses = collect(server.vigil.bus, 'device.status');
    const acks = collect(server.vigil.bus, 'device.ack');
    await assert.rejects(connectDevice(url, { deviceId: device.deviceId, key: 'wrong' }, { protocolVersion: 5 }), /Bad User Name or Password|Not authorized|bad user/i);
    const client = await connectDevice(url, device, { protocolVersion: 5, will: true });
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true, battery: 71 }), { qos: 1, retain: true, properties: { userProperties: { a: 'b' } } });
    const status = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId), 'status over MQTT 5');
    assert.equal(status.status.battery, 71);
    await client.subscribeAsync(deviceTopic(device.deviceId, 'cmd'), { qos: 1 });
    const received = new Promise<string>((resolve) => client.once('message', (_topic, payload) => resolve(payload.toString())));
    await server.vigil.downlink.send(device.deviceId, { id: 'v5-1', cmd: 'realtime', args: { on: true } });
    assert.equal(JSON.parse(await received).id, 'v5-1');
    await client.publishAsync(deviceTopic(device.deviceId, 'ack'), JSON.stringify({ id: 'v5-1', ok: true }), { qos: 1 });
    await eventually(() => acks.find((entry) => entry.deviceId === device.deviceId), 'ack over MQTT 5');
    await client.unsubscribeAsync(deviceTopic(device.deviceId, 'cmd'));
    client.stream.destroy();
    const offline = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId && !entry.online), 'last will over MQTT 5');
    assert.equal(offline.reason, 'lastWill');
  });
});
