import { testDeviceKeys } from '../test/device-keys.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { freshPostgres } from '../test/harness.ts';
import { migrate, migrationsFor, openDatabase } from './database.ts';

/** Migration 004 turns the whole-number weight column into a decimal one, keeping every stored weight. */
test('existing weights survive the weight-decimal migration, and one decimal is stored after it', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-migration-'));
  const baseUrl = process.env.DATABASE_URL?.trim();
  const postgres = baseUrl ? await freshPostgres(baseUrl) : null;
  const handle = openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
  try {
    const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
    const before = await new Migrator({ db: handle.db, provider }).migrateTo('003-provider-soft-delete');
    assert.equal(before.error, undefined);
    const { db } = handle;
    await sql`INSERT INTO providers (name, name_key, domain, level, enabled, created_at, updated_at) VALUES ('P', 'p', 'd1', 2, 1, 0, 0)`.execute(db);
    const providerId = (await db.selectFrom('providers').select('id').executeTakeFirstOrThrow()).id;
    await sql`INSERT INTO residents (provider_id, name, name_key, gender, birth_date, height_cm, weight_kg, state, created_at, updated_at)
      VALUES (${providerId}, 'R', 'r', 1, '1940-01-01', 170, 68, 'notAdmitted', 0, 0)`.execute(db);

    await migrate(handle, testDeviceKeys);
    const kept = await db.selectFrom('residents').select(['weight_kg', 'height_cm']).executeTakeFirstOrThrow();
    assert.deepEqual(kept, { weight_kg: 68, height_cm: 170 });
    await db.updateTable('residents').set({ weight_kg: 65.5 }).execute();
    assert.equal((await db.selectFrom('residents').select('weight_kg').executeTakeFirstOrThrow()).weight_kg, 65.5);
  } finally {
    await handle.close();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
