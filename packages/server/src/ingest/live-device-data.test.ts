import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import * as api from '@vigil/contracts';
import { insertDevice, openSocket, type TestSocket } from '../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

/** The status event a `/deviceData` frame carries (checked, not assumed). */
const statusEvent = (data: unknown) => z.object({ online: z.boolean(), status: z.object({ battery: z.number().optional(), signal: z.number().optional() }) }).parse(data);

/**
 * `/websocket/subscribe/` → `/deviceData` on the live socket (docs/device-protocol.md "Live data in
 * the console"): a device message that goes through ingest reaches the sockets of the sessions that
 * subscribed to that device's channel, and no one else's.
 */
describe('live device data on the socket', () => {
  let server: TestServer;
  let baseUrl: string;
  let a: { token: string; key: string };
  let other: { token: string; key: string };
  let b: { token: string; key: string };
  let deviceId: string;
  let quietId: string;
  const sockets: TestSocket[] = [];

  before(async () => {
    server = await startTestServer({ demo: true });
    await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.vigil.app.server.address() as AddressInfo).port}`;
    const loginA = await server.login('demotwoa');
    const loginOther = await server.login('demotwoa');
    const loginB = await server.login('demotwob');
    [a, other, b] = [loginA, loginOther, loginB];
    const placement = { providerId: loginA.providerId ?? 0, bedId: null, roomId: null, residentId: null };
    deviceId = await insertDevice(server.vigil.database.db, { deviceType: 49, ...placement });
    quietId = await insertDevice(server.vigil.database.db, { deviceType: 49, ...placement });
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  async function report(id: string, body: object): Promise<void> {
    const outcome = await server.vigil.devices.ingest.receive(id, 'status', JSON.stringify(body), { transport: 'http' });
    assert.deepEqual(outcome, { ok: true });
    await server.vigil.devices.ingest.flush();
  }

  test('the subscriber hears its device\'s status; an unsubscribed session and another device stay quiet', async () => {
    const watching = await openSocket(baseUrl, { key: a.key });
    const notWatching = await openSocket(baseUrl, { key: other.key });
    sockets.push(watching, notWatching);
    const subscribed = await server.call(api.subscribeDevices, { deviceIds: [deviceId], channels: ['status'], ttlSeconds: 60 }, { token: a.token });
    assert.equal(subscribed.status, api.Status.OK, subscribed.msg);

    await report(quietId, { ts: Date.now(), online: true, battery: 80 });
    await report(deviceId, { ts: Date.now(), online: true, battery: 42, signal: 3 });
    const frame = await watching.waitFor('/deviceData', (candidate) => candidate.data.deviceId === deviceId);
    assert.equal(frame.data.channel, 'status');
    const status = statusEvent(frame.data.data);
    assert.equal(status.online, true);
    assert.equal(status.status.battery, 42);
    assert.equal(status.status.signal, 3);
    assert.equal(watching.of('/deviceData').some((candidate) => candidate.data.deviceId === quietId), false);
    assert.equal(notWatching.count('/deviceData'), 0);
  });

  test('another care home cannot subscribe to the device; an empty list ends the subscription', async () => {
    const foreign = await server.call(api.subscribeDevices, { deviceIds: [deviceId], channels: ['status'], ttlSeconds: 60 }, { token: b.token });
    assert.equal(foreign.status, api.Status.NOT_FOUND);

    const socket = await openSocket(baseUrl, { key: a.key });
    sockets.push(socket);
    assert.equal((await server.call(api.subscribeDevices, { deviceIds: [], channels: ['status'], ttlSeconds: 60 }, { token: a.token })).status, api.Status.OK);
    await report(deviceId, { ts: Date.now(), online: false });
    await server.call(api.subscribeDevices, { deviceIds: [deviceId], channels: ['status'], ttlSeconds: 60 }, { token: a.token });
    await report(deviceId, { ts: Date.now(), online: true });
    await socket.waitFor('/deviceData', (candidate) => candidate.data.deviceId === deviceId);
    // Frames arrive in order: the change made while no subscription stood never came.
    assert.deepEqual(socket.of('/deviceData').map((candidate) => statusEvent(candidate.data.data).online), [true]);
  });
});
