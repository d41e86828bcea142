import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { freshPostgres, startTestServer, type TestServer } from '../test/harness.ts';
import { registerDevice } from './ingest-fixtures.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const DEVICES = 40;
const ROUNDS = 6;

/**
 * Issue 26: two Vigil processes on one PostgreSQL store batches that change the same device rows.
 * Each batch locks its device rows in device-ID order, so however the messages arrived, two
 * batches never wait on each other in a circle (PostgreSQL's deadlock detector never fires).
 */
describe('ingest batches of two processes on one PostgreSQL', { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let first: TestServer;
  let second: TestServer;
  before(async () => {
    database = await freshPostgres(POSTGRES);
    first = await startTestServer({ env: { DATABASE_URL: database.url } });
    second = await startTestServer({ env: { DATABASE_URL: database.url } });
  });
  after(async () => {
    try {
      await first?.close();
    } finally {
      await second?.close();
      await database?.drop();
    }
  });

  const deadlocks = async () =>
    Number((await sql<{ n: string }>`select deadlocks as n from pg_stat_database where datname = current_database()`.execute(first.vigil.database.db)).rows[0].n);

  test('the same devices in opposite orders, stored at once: no deadlock, every status stored', async () => {
    const { db } = first.vigil.database;
    const devices: { deviceId: string }[] = [];
    for (let index = 0; index < DEVICES; index++) devices.push(await registerDevice(db, { deviceId: `ORD-${String(index).padStart(3, '0')}-${Date.now() % 100_000}`, online: index % 2 === 0 }));
    const before = await deadlocks();
    for (let round = 0; round < ROUNDS; round++) {
      const receiveAll = async (server: TestServer, order: typeof devices) => {
        for (const device of order) {
          const status = { ts: Date.now(), online: round % 2 === 0, battery: round * 10 + (server === first ? 1 : 2) };
          assert.deepEqual(await server.vigil.devices.ingest.receive(device.deviceId, 'status', JSON.stringify(status), { transport: 'http' }), { ok: true });
        }
      };
      await Promise.all([receiveAll(first, devices), receiveAll(second, [...devices].reverse())]);
      await Promise.all([first.vigil.devices.ingest.flush(), second.vigil.devices.ingest.flush()]);
    }
    assert.equal(await deadlocks(), before, 'PostgreSQL detected no deadlock');
    const rows = await db.selectFrom('devices').select(['device_id', 'battery']).where('device_id', 'like', 'ORD-%').execute();
    assert.equal(rows.length, DEVICES);
    for (const row of rows) assert.ok(row.battery === (ROUNDS - 1) * 10 + 1 || row.battery === (ROUNDS - 1) * 10 + 2, `${row.device_id}: the last round's battery (${row.battery})`);
  });
});
