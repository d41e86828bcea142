import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import type { TelemetrySample } from '@vigil/contracts';
import { buildPlace } from '../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { registerDevice } from './ingest-fixtures.ts';

const HOUR = 3600_000;

/** One-second samples from `from`: someone lying still in bed. */
const still = (from: number, count: number): TelemetrySample[] => Array.from({ length: count }, (_, i) => ({ t: from + i * 1000, hr: 62, rr: 14, move: 0, bed: 'in', state: 'light' }));

/**
 * Device clocks (docs/device-protocol.md "Device clocks") over a real HTTP socket: samples outside
 * the window are refused and counted, never stored; a clock that jumps forward or back raises no
 * duration alarm and stores nothing in the future.
 */
describe('device clocks', () => {
  let server: TestServer;
  let base: string;
  let monitor: { deviceId: string; key: string };

  before(async () => {
    server = await startTestServer({ demo: true });
    base = await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
    const session = await server.login('demotwoa');
    const place = await buildPlace(server, session.token, { area: 'Clock Wing', floor: '1F', rooms: '101', beds: '1' });
    const resident = await server.call(api.insertUser, { name: 'Clock Watcher', gender: 'female', birthDate: '1938-03-03', bunkId: place.bedIds[0] }, { token: session.token });
    assert.equal(resident.status, 200, resident.msg);
    const { db } = server.vigil.database;
    monitor = await registerDevice(db, { deviceType: 49, providerId: session.providerId, online: true });
    await db.updateTable('devices').set({ bed_id: place.bedIds[0], room_id: place.roomIds[0] }).where('device_id', '=', monitor.deviceId).execute();
    await server.vigil.devices.directory.refresh(monitor.deviceId);
  });
  after(() => server.close());

  async function post(deviceId: string, key: string, channel: string, body: object) {
    const response = await fetch(`${base}/api/device/v1/${deviceId}/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { http: response.status, body: (await response.json()) as { status: number; data: { reason?: string }; msg: string } };
  }

  async function metric(pattern: RegExp): Promise<number> {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/metrics' });
    const line = response.body.split('\n').find((entry) => pattern.test(entry));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  const stored = (deviceId: string, from = 0, to = Date.UTC(2200, 0, 1)) => server.vigil.telemetry.read(deviceId, from, to);
  const alarmsOf = (deviceId: string) => server.vigil.database.db.selectFrom('alarms').select(['alert_type', 'raised_at']).where('device_id', '=', deviceId).execute();

  test('samples dated hours ahead, in 2100 or days behind are refused, answered and counted; nothing is stored', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 49 });
    const ahead = await metric(/^vigil_device_messages_dropped_total\{reason="clockAhead"\}/);
    const behind = await metric(/^vigil_device_messages_dropped_total\{reason="clockBehind"\}/);
    const now = Date.now();
    for (const t of [now + 2 * HOUR, Date.UTC(2100, 0, 1), now + 6 * 60_000]) {
      const answer = await post(device.deviceId, device.key, 'telemetry', { ts: t, samples: still(t, 10) });
      assert.equal(answer.http, 400);
      assert.equal(answer.body.status, 400);
      assert.equal(answer.body.data.reason, 'clockAhead');
      assert.ok(answer.body.msg.length > 0);
    }
    const old = await post(device.deviceId, device.key, 'telemetry', { ts: now - 3 * 24 * HOUR, samples: still(now - 3 * 24 * HOUR, 10) });
    assert.equal(old.body.data.reason, 'clockBehind');
    // One late sample in an otherwise good batch refuses the batch.
    const mixed = await post(device.deviceId, device.key, 'telemetry', { ts: now, samples: [...still(now - 5000, 5), { ...still(Date.UTC(2100, 0, 1), 1)[0] }] });
    assert.equal(mixed.body.data.reason, 'clockAhead');
    await server.vigil.devices.ingest.flush();
    assert.equal((await stored(device.deviceId)).length, 0);
    assert.equal(await metric(/^vigil_device_messages_dropped_total\{reason="clockAhead"\}/), ahead + 4);
    assert.equal(await metric(/^vigil_device_messages_dropped_total\{reason="clockBehind"\}/), behind + 1);
    // A few minutes fast is inside the window: taken, and not stored in the future.
    const fast = Date.now() + 3 * 60_000;
    assert.equal((await post(device.deviceId, device.key, 'telemetry', { ts: fast, samples: still(fast, 5) })).http, 200);
    await server.vigil.devices.ingest.flush();
    const kept = await stored(device.deviceId);
    assert.equal(kept.length, 5);
    assert.ok(kept.every((sample) => sample.t <= Date.now() + 10_000), 'not in the future');
  });

  test('an event dated in 2100 still raises its alarm, logged with its arrival time and counted', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20993 });
    const before = await metric(/^vigil_device_clock_corrections_total\{channel="event",reason="clockAhead"\}/);
    const answer = await post(device.deviceId, device.key, 'event', { ts: Date.UTC(2100, 0, 1), type: 'sos', status: 1 });
    assert.equal(answer.http, 200);
    await server.vigil.devices.ingest.flush();
    const logged = await server.vigil.database.db.selectFrom('device_messages').select('ts').where('device_id', '=', device.deviceId).executeTakeFirstOrThrow();
    assert.ok(Number(logged.ts) <= Date.now(), 'logged at its arrival, not in 2100');
    assert.equal(await metric(/^vigil_device_clock_corrections_total\{channel="event",reason="clockAhead"\}/), before + 1);
  });

  test('a clock that jumps forward by hours (corrected) raises no duration alarm; one that jumps back blinds nothing and stores in order', async () => {
    const now = Date.now();
    // The clock is three hours behind, then corrected a second later.
    const first = still(now - 3 * HOUR, 60);
    assert.equal((await post(monitor.deviceId, monitor.key, 'telemetry', { ts: first.at(-1)?.t, samples: first })).http, 200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const second = still(now - 59_000, 60);
    assert.equal((await post(monitor.deviceId, monitor.key, 'telemetry', { ts: now, samples: second })).http, 200);
    await server.vigil.devices.ingest.flush();
    await server.vigil.alarms.pipeline.drain();
    const raised = (await alarmsOf(monitor.deviceId)).map((alarm) => alarm.alert_type);
    assert.ok(!raised.includes('NO_TURN_OVER') && !raised.includes('NO_BODY_MOVE'), `no duration alarm: ${raised.join(', ')}`);
    // The corrected batch follows the first one by the time that really passed, not by three hours.
    const samples = await stored(monitor.deviceId);
    assert.equal(samples.length, 120);
    const gap = (samples[60]?.t ?? 0) - (samples[59]?.t ?? 0);
    assert.ok(gap >= 1000 && gap < 5000, `gap ${gap} ms`);

    // Now the clock falls back two hours: the batch is placed after the previous one, not two hours back.
    const back = still(Date.now() - 2 * HOUR, 30);
    assert.equal((await post(monitor.deviceId, monitor.key, 'telemetry', { ts: back.at(-1)?.t, samples: back })).http, 200);
    await server.vigil.devices.ingest.flush();
    const after = await stored(monitor.deviceId);
    assert.equal(after.length, 150);
    for (let index = 1; index < after.length; index++) assert.ok((after[index]?.t ?? 0) > (after[index - 1]?.t ?? 0), 'in order');
    assert.ok((after.at(-1)?.t ?? 0) <= Date.now() + 10_000);
    assert.ok(await metric(/^vigil_device_clock_corrections_total\{channel="telemetry",reason="jump"\}/) >= 2);
  });
});
