import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { registerDevice } from './ingest-fixtures.ts';

/**
 * Overload: when the writer falls behind (queueMax messages waiting) ingest sheds telemetry to
 * keep memory bounded, but never an event, a status or an ack: a fall reported while the store
 * is saturated must still become an alarm.
 */
describe('ingest under overload', () => {
  let server: TestServer;
  before(async () => {
    // A tiny queue and a writer that waits long before gathering a batch: the queue fills at once.
    server = await startTestServer({ ingest: { queueMax: 3, lingerMs: 60_000, telemetryFlushMs: 60_000, floodRatePerS: 1e6, floodBurst: 1e6 } });
  });
  after(() => server.close());

  test('telemetry beyond the queue is dropped as overload; an event and a status are still taken and stored', async () => {
    const { db } = server.vigil.database;
    const device = await registerDevice(db, { deviceType: 20993, online: true });
    const ingest = server.vigil.devices.ingest;
    const t = Math.floor(Date.now() / 1000) * 1000 - 3600_000;
    const telemetry = (i: number) => JSON.stringify({ ts: t + i * 1000, samples: [{ t: t + i * 1000, hr: 60, rr: 14, move: 0, bed: 'in' }] });
    for (let i = 0; i < 3; i++) assert.deepEqual(await ingest.receive(device.deviceId, 'telemetry', telemetry(i), { transport: 'http' }), { ok: true });
    assert.deepEqual(await ingest.receive(device.deviceId, 'telemetry', telemetry(3), { transport: 'http' }), { ok: false, reason: 'overload' });
    assert.deepEqual(await ingest.receive(device.deviceId, 'event', JSON.stringify({ ts: t + 4000, type: 'sos', status: 1 }), { transport: 'http' }), { ok: true });
    assert.deepEqual(await ingest.receive(device.deviceId, 'status', JSON.stringify({ ts: t + 5000, online: true, battery: 80 }), { transport: 'http' }), { ok: true });
    await ingest.flush();
    const logged = await db.selectFrom('device_messages').select(['channel']).where('device_id', '=', device.deviceId).execute();
    assert.ok(logged.some((row) => row.channel === 'event'), 'the event was stored');
  });
});
