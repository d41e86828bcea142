import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { collect, connectDevice, eventually, registerDevice } from './ingest-fixtures.ts';

/** The device API's answers over real sockets (HTTP and MQTT 5): docs/device-protocol.md "HTTP" and "Delivery". */
describe('device API answers', () => {
  let server: TestServer;
  let base: string;
  let url: string;
  before(async () => {
    server = await startTestServer({ ingest: { floodRatePerS: 0.5, floodBurst: 3 } });
    base = await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
    url = `mqtt://127.0.0.1:${server.vigil.mqttPort}`;
  });
  after(() => server.close());

  async function post(deviceId: string, channel: string, body: string | Uint8Array<ArrayBuffer>, authorization?: string) {
    const response = await fetch(`${base}/api/device/v1/${deviceId}/${channel}`, { method: 'POST', headers: authorization ? { authorization } : {}, body });
    const text = await response.text();
    return { http: response.status, retryAfter: response.headers.get('retry-after'), text, body: JSON.parse(text) as { status: number; data: { reason?: string; commands?: unknown[] }; msg: string } };
  }
  async function metric(pattern: RegExp): Promise<number> {
    const line = (await server.vigil.app.inject({ method: 'GET', url: '/metrics' })).body.split('\n').find((entry) => pattern.test(entry));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  test('an unknown device and a wrong or missing key get one and the same answer; status and envelope agree', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20995 });
    const status = JSON.stringify({ online: true });
    const wrongKey = await post(device.deviceId, 'status', status, 'Bearer nope');
    const unknown = await post('NO-SUCH-1', 'status', status, 'Bearer nope');
    const noKeyKnown = await post(device.deviceId, 'status', status);
    const noKeyUnknown = await post('NO-SUCH-2', 'status', status);
    for (const answer of [wrongKey, unknown, noKeyKnown, noKeyUnknown]) {
      assert.equal(answer.http, 401);
      assert.equal(answer.text, wrongKey.text, 'the same bytes');
      assert.equal(answer.body.status, 401);
    }
    const channel = await post(device.deviceId, 'teleport', status, `Bearer ${device.key}`);
    assert.equal(channel.http, 404);
    assert.equal(channel.body.status, 404);
    const malformed = await post(device.deviceId, 'status', '{"online":', `Bearer ${device.key}`);
    assert.equal(malformed.http, 400);
    assert.equal(malformed.body.status, 400);
  });

  test('the Bearer scheme in any case; 429 with Retry-After; a body over 1 MB is 413 with its reason and counted', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20995 });
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const answer = await post(device.deviceId, 'status', JSON.stringify({ online: true }), `${scheme} ${device.key}`);
      assert.equal(answer.http, 200, scheme);
    }
    // Three at once past the burst of three: at most one token can have come back meanwhile (0.5/s),
    // however slow the machine was for the three above.
    const more = await Promise.all([1, 2, 3].map(() => post(device.deviceId, 'status', JSON.stringify({ online: true }), `Bearer ${device.key}`)));
    const flooded = more.find((answer) => answer.http === 429);
    assert.ok(flooded, `a 429 among ${more.map((answer) => answer.http).join(', ')}`);
    assert.equal(flooded.body.status, 429);
    assert.equal(flooded.body.data.reason, 'flood');
    assert.ok(Number(flooded.retryAfter) >= 1, `Retry-After ${flooded.retryAfter}`);

    const before = await metric(/^vigil_device_messages_dropped_total\{reason="oversized"\}/);
    const huge = await post(device.deviceId, 'telemetry', new Uint8Array(1_100_000).fill(0x20), `Bearer ${device.key}`);
    assert.equal(huge.http, 413);
    assert.equal(huge.body.status, 413);
    assert.equal(huge.body.data.reason, 'oversized');
    assert.ok(huge.body.msg.length > 0);
    assert.equal(await metric(/^vigil_device_messages_dropped_total\{reason="oversized"\}/), before + 1);
  });

  test('MQTT 5: a dropped message gets a PUBACK reason code; an empty retained status clears it without counting as malformed', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20995 });
    const client = await connectDevice(url, device, { protocolVersion: 5 });
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true }), { qos: 1, retain: true });
    await assert.rejects(client.publishAsync(deviceTopic(device.deviceId, 'event'), '{"ts":', { qos: 1 }), (error: Error & { code?: number }) => error.code === 0x99);
    await assert.rejects(client.publishAsync(deviceTopic(device.deviceId, 'event'), JSON.stringify({ type: 'sos', status: 1 }), { qos: 1 }), (error: Error & { code?: number }) => error.code === 0x99);
    const malformed = await metric(/^vigil_device_messages_dropped_total\{reason="malformed"\}/);
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), '', { qos: 1, retain: true });
    assert.equal(await metric(/^vigil_device_messages_dropped_total\{reason="malformed"\}/), malformed);
    assert.ok(client.connected);
    await client.endAsync();
  });

  test('a command goes over the channel the device uses: an MQTT device does not get it again over HTTP', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20995 });
    const statuses = collect(server.vigil.bus, 'device.status');
    const client = await connectDevice(url, device);
    await client.subscribeAsync(deviceTopic(device.deviceId, 'cmd'), { qos: 1 });
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true }), { qos: 1 });
    await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId), 'status');
    const received = new Promise<string>((resolve) => client.once('message', (_topic, payload) => resolve(payload.toString())));
    await server.vigil.downlink.send(device.deviceId, { id: 'm-1', cmd: 'restart', args: {} });
    assert.equal(JSON.parse(await received).id, 'm-1');
    const polled = await fetch(`${base}/api/device/v1/${device.deviceId}/cmd`, { headers: { authorization: `Bearer ${device.key}` } });
    assert.deepEqual(((await polled.json()) as { data: { commands: unknown[] } }).data.commands, [], 'not handed out twice');
    await client.endAsync();

    // An HTTP device gets its command in the answer.
    const http = await registerDevice(server.vigil.database.db, { deviceType: 20995 });
    assert.equal((await post(http.deviceId, 'status', JSON.stringify({ online: true }), `Bearer ${http.key}`)).http, 200);
    await server.vigil.downlink.send(http.deviceId, { id: 'h-1', cmd: 'restart', args: {} });
    const answer = await fetch(`${base}/api/device/v1/${http.deviceId}/cmd`, { headers: { authorization: `Bearer ${http.key}` } });
    assert.deepEqual(((await answer.json()) as { data: { commands: { id: string }[] } }).data.commands.map((command) => command.id), ['h-1']);
  });
});
