import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { registerDevice } from './ingest-fixtures.ts';

/**
 * What one ingest batch stores (on PostgreSQL as one statement of unnest arrays, batch-write.repository.ts; on
 * SQLite statement by statement): telemetry chunks, the message log byte for byte (quotes,
 * backslashes, braces, commas and non-ASCII survive the array encoding), and last-seen times.
 */
describe('ingest batch writes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('many devices in one batch: samples, logged messages and last-seen times are all stored', async () => {
    const { db } = server.vigil.database;
    const devices = await Promise.all(Array.from({ length: 30 }, () => registerDevice(db, { deviceType: 20999, online: true })));
    const t = Math.floor(Date.now() / 1000) * 1000 - 3600_000;
    const awkward = ['quote " and \\ backslash', '{braces}, commas', 'NULL', 'Grüße 夜 🌙', ''];
    const ingest = server.vigil.devices.ingest;
    for (const [index, device] of devices.entries()) {
      const samples = Array.from({ length: 10 }, (_, i) => ({ t: t + i * 1000, hr: 60 + i, rr: 14, move: 0, bed: 'in' }));
      assert.deepEqual(await ingest.receive(device.deviceId, 'telemetry', JSON.stringify({ ts: t + 9000, samples }), { transport: 'http' }), { ok: true });
      const note = awkward[index % awkward.length];
      assert.deepEqual(await ingest.receive(device.deviceId, 'event', JSON.stringify({ ts: t + 5000, type: 'motion', status: 1, note }), { transport: 'http' }), { ok: true });
    }
    await ingest.flush();

    for (const [index, device] of devices.entries()) {
      const samples = await server.vigil.telemetry.read(device.deviceId, t, t + 60_000);
      assert.deepEqual(samples.map((sample) => sample.hr), [60, 61, 62, 63, 64, 65, 66, 67, 68, 69]);
      const logged = await db.selectFrom('device_messages').select(['channel', 'ts', 'payload']).where('device_id', '=', device.deviceId).execute();
      assert.equal(logged.length, 1);
      assert.equal(logged[0]?.channel, 'event');
      assert.equal(logged[0]?.ts, t + 5000);
      assert.equal(JSON.parse(logged[0]?.payload ?? '{}').note, awkward[index % awkward.length]);
      const row = await db.selectFrom('devices').select('last_seen_at').where('device_id', '=', device.deviceId).executeTakeFirstOrThrow();
      assert.ok(row.last_seen_at !== null && row.last_seen_at > 0, 'last seen written');
    }
  });
});
