import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { collect, eventually, registerDevice } from './ingest-fixtures.ts';

describe('device protocol over HTTP, and supervision', () => {
  let server: TestServer;
  let clock = Date.now();
  before(async () => {
    server = await startTestServer({ now: () => clock });
  });
  after(() => server.close());

  const post = (deviceId: string, channel: string, body: string, key: string) =>
    server.vigil.app.inject({ method: 'POST', url: `/api/device/v1/${deviceId}/${channel}`, payload: body, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });

  test('a device posts with its key; a wrong key, an unknown device or channel is refused', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20995 });
    const events = collect(server.vigil.bus, 'device.event');
    const ok = await post(device.deviceId, 'event', JSON.stringify({ ts: clock, type: 'door', status: 1 }), device.key);
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json().data, { commands: [] });
    await eventually(() => events.find((entry) => entry.deviceId === device.deviceId), 'device.event');

    const wrongKey = await post(device.deviceId, 'event', JSON.stringify({ ts: clock, type: 'door', status: 1 }), 'not-the-key');
    assert.equal(wrongKey.statusCode, 401);
    assert.equal(wrongKey.json().data.reason, 'badKey');
    const unknown = await post('NO-SUCH-DEVICE', 'event', '{}', device.key);
    assert.equal(unknown.statusCode, 401);
    const channel = await post(device.deviceId, 'teleport', '{}', device.key);
    assert.equal(channel.statusCode, 404);
    const malformed = await post(device.deviceId, 'status', '{"online":', device.key);
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().data.reason, 'malformed');
    const big = await post(device.deviceId, 'status', JSON.stringify({ online: true, pad: 'x'.repeat(70_000) }), device.key);
    assert.equal(big.statusCode, 413);
    assert.equal(events.filter((entry) => entry.deviceId === device.deviceId).length, 1);
  });

  test('commands wait for an HTTP device and come with its next request', async () => {
    const device = await registerDevice(server.vigil.database.db);
    await server.vigil.downlink.send(device.deviceId, { id: 'cfg-1', cmd: 'configure', args: { reportInterval: 5 } });
    const polled = await server.vigil.app.inject({ method: 'GET', url: `/api/device/v1/${device.deviceId}/cmd`, headers: { authorization: 'Bearer wrong' } });
    assert.equal(polled.statusCode, 401);
    const answer = await post(device.deviceId, 'status', JSON.stringify({ online: true }), device.key);
    assert.deepEqual(answer.json().data.commands, [{ id: 'cfg-1', cmd: 'configure', args: { reportInterval: 5 } }]);
    const again = await server.vigil.app.inject({ method: 'GET', url: `/api/device/v1/${device.deviceId}/cmd`, headers: { authorization: `Bearer ${device.key}` } });
    assert.deepEqual(again.json().data.commands, [], 'a command is handed out once');
  });

  test('silence longer than three report intervals takes a device offline; its next message brings it back', async () => {
    const { db } = server.vigil.database;
    const device = await registerDevice(db, { settings: { reportInterval: 2 } });
    const statuses = collect(server.vigil.bus, 'device.status');
    await post(device.deviceId, 'telemetry', JSON.stringify({ ts: clock, samples: [{ t: clock, hr: 60, rr: 14, move: 0, bed: 'in' }] }), device.key);
    await server.vigil.devices.ingest.flush();
    assert.equal(statuses.find((entry) => entry.deviceId === device.deviceId)?.reason, 'returned');
    clock += 5_000;
    await server.vigil.devices.supervision.runNow();
    assert.equal(statuses.filter((entry) => entry.deviceId === device.deviceId && !entry.online).length, 0, 'not yet: 5 s < 3 × 2 s');
    clock += 2_000;
    await server.vigil.devices.supervision.runNow();
    const offline = statuses.find((entry) => entry.deviceId === device.deviceId && !entry.online);
    assert.equal(offline?.reason, 'silence');
    const row = await db.selectFrom('devices').select(['online']).where('device_id', '=', device.deviceId).executeTakeFirstOrThrow();
    assert.equal(Number(row.online), 0);
    await server.vigil.devices.supervision.runNow();
    assert.equal(statuses.filter((entry) => entry.deviceId === device.deviceId && !entry.online).length, 1, 'offline once');
    await post(device.deviceId, 'status', JSON.stringify({ online: true, battery: 42 }), device.key);
    await server.vigil.devices.ingest.flush();
    const back = statuses.filter((entry) => entry.deviceId === device.deviceId).at(-1);
    assert.equal(back?.reason, 'returned');
    assert.equal(back?.status.battery, 42);
  });

  test('last_seen_at is written in batches, not per message', async () => {
    const { db } = server.vigil.database;
    const device = await registerDevice(db, { deviceType: 20999 });
    for (let i = 0; i < 5; i++) await post(device.deviceId, 'event', JSON.stringify({ ts: clock, type: 'motion', status: 1 }), device.key);
    await server.vigil.devices.ingest.flush();
    const row = await db.selectFrom('devices').select(['last_seen_at']).where('device_id', '=', device.deviceId).executeTakeFirstOrThrow();
    assert.equal(row.last_seen_at, clock);
  });

  test('a gateway reports for its sub-devices with sub; a sub-device of another gateway is refused', async () => {
    const { db } = server.vigil.database;
    const host = await registerDevice(db, { deviceType: 21008 });
    const otherHost = await registerDevice(db, { deviceType: 21008 });
    const door = await registerDevice(db, { deviceType: 21009, hostRowId: host.rowId });
    const foreign = await registerDevice(db, { deviceType: 21010, hostRowId: otherHost.rowId });
    const events = collect(server.vigil.bus, 'device.event');
    const statuses = collect(server.vigil.bus, 'device.status');
    const opened = await post(host.deviceId, 'event', JSON.stringify({ ts: clock, type: 'door', status: 1, sub: door.deviceId }), host.key);
    assert.equal(opened.statusCode, 200);
    await post(host.deviceId, 'status', JSON.stringify({ online: true, battery: 33, signal: 3, sub: door.deviceId }), host.key);
    await server.vigil.devices.ingest.flush();
    const sensed = events.find((entry) => entry.deviceId === host.deviceId);
    assert.equal(sensed?.subDevice?.deviceId, door.deviceId);
    assert.equal(sensed?.subDevice?.deviceType, 21009);
    assert.equal(statuses.find((entry) => entry.deviceId === door.deviceId && entry.reason === 'message')?.status.battery, 33);
    const doorRow = await db.selectFrom('devices').select(['battery', 'signal']).where('device_id', '=', door.deviceId).executeTakeFirstOrThrow();
    assert.deepEqual(doorRow, { battery: 33, signal: 3 });
    const refused = await post(host.deviceId, 'event', JSON.stringify({ ts: clock, type: 'motion', status: 1, sub: foreign.deviceId }), host.key);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().data.reason, 'foreignSub');
  });
});
