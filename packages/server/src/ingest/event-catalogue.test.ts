import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { collect, registerDevice } from './ingest-fixtures.ts';

/** The catalogue decides which events a device sends (docs/device-protocol.md "Events per device type"), over a real HTTP socket. */
describe('events outside the catalogue', () => {
  let server: TestServer;
  let base: string;
  before(async () => {
    server = await startTestServer();
    base = await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => server.close());

  async function post(device: { deviceId: string; key: string }, body: object) {
    const response = await fetch(`${base}/api/device/v1/${device.deviceId}/event`, { method: 'POST', headers: { authorization: `Bearer ${device.key}` }, body: JSON.stringify(body) });
    const envelope = (await response.json()) as { status: number; data: { reason?: string }; msg: string };
    return { http: response.status, status: envelope.status, reason: envelope.data.reason, msg: envelope.msg };
  }
  async function dropped(reason: string): Promise<number> {
    const text = (await server.vigil.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = text.split('\n').find((entry) => entry.startsWith(`vigil_device_messages_dropped_total{reason="${reason}"}`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  test('a sleep monitor\'s SOS, a door sensor\'s fall, a gateway\'s event for an unregistered sub-device are refused, answered and counted', async () => {
    const { db } = server.vigil.database;
    const events = collect(server.vigil.bus, 'device.event');
    const monitor = await registerDevice(db, { deviceType: 49 });
    const door = await registerDevice(db, { deviceType: 20995 });
    const gateway = await registerDevice(db, { deviceType: 21008 });
    const magnet = await registerDevice(db, { deviceType: 21009, hostRowId: gateway.rowId });
    const before = { unsupported: await dropped('unsupportedEvent'), unknownSub: await dropped('unknownSub') };
    const now = Date.now();

    for (const [device, body] of [
      [monitor, { ts: now, type: 'sos', status: 1 }],
      [monitor, { ts: now, type: 'site', status: 1, x: 1, y: 1 }],
      [door, { ts: now, type: 'fall', status: 2 }],
      [gateway, { ts: now, type: 'smoke', status: 1 }],
      [gateway, { ts: now, type: 'sos', status: 1, sub: magnet.deviceId }],
    ] as const) {
      const answer = await post(device, body);
      assert.equal(answer.http, 400, JSON.stringify(body));
      assert.equal(answer.reason, 'unsupportedEvent');
      assert.equal(answer.status, 400);
      assert.ok(answer.msg.length > 0);
    }
    const unknown = await post(gateway, { ts: now, type: 'door', status: 1, sub: 'HO033-NOT-THERE' });
    assert.equal(unknown.http, 403);
    assert.equal(unknown.reason, 'unknownSub');

    // What the catalogue has still gets in: the door sensor's door, the gateway's sub-device's door, a pairing join.
    assert.equal((await post(door, { ts: now, type: 'door', status: 1 })).http, 200);
    assert.equal((await post(gateway, { ts: now, type: 'door', status: 1, sub: magnet.deviceId })).http, 200);
    assert.equal((await post(gateway, { ts: now, type: 'pairing', status: 1, sub: 'HO033-JOINING', subType: 21009 })).http, 200);
    await server.vigil.devices.ingest.flush();
    assert.equal(await dropped('unsupportedEvent'), before.unsupported + 5);
    assert.equal(await dropped('unknownSub'), before.unknownSub + 1);
    const types = events.filter((event) => [monitor, door, gateway].some((device) => device.deviceId === event.deviceId)).map((event) => `${event.deviceId === door.deviceId ? 'door' : 'gateway'}:${event.event.type}`);
    assert.deepEqual(types.sort(), ['door:door', 'gateway:door', 'gateway:pairing']);
  });
});
