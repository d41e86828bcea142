import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { nightSamples, randomDeviceId } from './ingest-fixtures.ts';
import { decodeSamples, encodeSamples } from './telemetry-codec.ts';

const BED_DAY_BUDGET_BYTES = 0.5 * 1024 * 1024;

describe('telemetry codec', () => {
  test('round-trips samples, including gaps, out-of-order times, decimals and every state', () => {
    const t = 1_790_000_000_000;
    const samples = [
      { t, hr: 61, rr: 14.5, move: 0, bed: 'in' as const, state: 'light' as const },
      { t: t + 1000, hr: 255, rr: 0, move: 100, bed: 'sitting' as const },
      { t: t + 61_000, hr: 0, rr: 0, move: 3.2, bed: 'dropped' as const, state: 'awake' as const },
      { t: t + 500, hr: 70.1, rr: 12, move: 0, bed: 'suspectedSitting' as const, state: 'deep' as const },
      { t: t + 62_000, hr: 70.1, rr: 12, move: 0, bed: 'out' as const, state: 'fallingAsleep' as const },
    ];
    assert.deepEqual(decodeSamples(encodeSamples(samples)), samples);
  });

  test('a steady 1 Hz night costs well under 6 bytes a sample', () => {
    const samples = nightSamples(1_790_000_000_000, 3600);
    const bytes = encodeSamples(samples).length;
    assert.ok(bytes / samples.length < 4, `${(bytes / samples.length).toFixed(2)} bytes a sample`);
    assert.deepEqual(decodeSamples(encodeSamples(samples)), samples);
  });

  test('refuses bytes that are not a chunk', () => {
    assert.throws(() => decodeSamples(Buffer.from([9, 1, 2])), /version/);
    assert.throws(() => decodeSamples(Buffer.from([1, 1])), /truncated/);
  });
});

describe('telemetry store', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function storedBytes(): Promise<number> {
    const { db, dialect } = server.vigil.database;
    if (dialect === 'postgres') {
      await sql`vacuum telemetry_chunks`.execute(db);
      const result = await sql<{ bytes: string }>`select pg_total_relation_size('telemetry_chunks') as bytes`.execute(db);
      return Number(result.rows[0]?.bytes);
    }
    const result = await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat where name = 'telemetry_chunks' or name like 'telemetry_chunks_%'`.execute(db);
    return Number(result.rows[0]?.bytes);
  }

  test('a bed-day of 1 Hz samples takes at most 0.5 MB, and reads back by time range', async () => {
    const deviceId = randomDeviceId();
    const start = Date.UTC(2026, 10, 20, 12);
    const day = nightSamples(start, 86_400);
    const before = await storedBytes();
    for (let index = 0; index < day.length; index += 60) {
      server.vigil.telemetry.append(deviceId, day.slice(index, index + 60));
      if (index % 600 === 0) await server.vigil.devices.ingest.flush();
    }
    await server.vigil.devices.ingest.flush();
    const bytes = (await storedBytes()) - before;
    assert.ok(bytes <= BED_DAY_BUDGET_BYTES, `${bytes} bytes for a bed-day (budget ${BED_DAY_BUDGET_BYTES})`);
    console.log(`telemetry: ${bytes} bytes stored for a bed-day on ${server.dialect} (${(bytes / 86_400).toFixed(2)} bytes a sample)`);

    const hour = await server.vigil.telemetry.read(deviceId, start + 3600_000, start + 7200_000);
    assert.equal(hour.length, 3600);
    assert.deepEqual(hour, day.slice(3600, 7200));
    assert.equal(await server.vigil.telemetry.count(deviceId, start, start + 86_400_000), 86_400);
    const page = await server.vigil.telemetry.page(deviceId, start + 1500, start + 86_400_000, 1000, 5);
    assert.equal(page.total, 86_398);
    assert.deepEqual(page.samples, day.slice(1002, 1007));
  });

  test('deleteRange removes exactly the range, deleteAll the rest', async () => {
    const deviceId = randomDeviceId();
    const start = Date.UTC(2026, 10, 21, 0);
    const samples = nightSamples(start, 900);
    server.vigil.telemetry.append(deviceId, samples);
    await server.vigil.devices.ingest.flush();
    assert.equal(await server.vigil.telemetry.deleteRange(deviceId, start + 100_000, start + 400_000), 300);
    const left = await server.vigil.telemetry.read(deviceId, 0, start + 10_000_000);
    assert.deepEqual(left, [...samples.slice(0, 100), ...samples.slice(400)]);
    assert.equal(await server.vigil.telemetry.deleteAll(deviceId), 600);
    assert.deepEqual(await server.vigil.telemetry.read(deviceId, 0, start + 10_000_000), []);
  });
});
