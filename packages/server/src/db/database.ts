import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect.ts';
import { foundation } from './migrations/001-foundation.ts';
import { careData } from './migrations/002-care-data.ts';
import { providerSoftDelete } from './migrations/003-provider-soft-delete.ts';
import { weightDecimal } from './migrations/004-weight-decimal.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Human-readable target, without credentials. */
  describe: string;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (bigint) as text; our epoch-millisecond times fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/** Opens PostgreSQL when a URL is given, otherwise the SQLite file in the data dir (WAL mode). */
export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    return { db, dialect: 'postgres', describe: `postgres ${url.host}${url.pathname}`, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'vigil.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', describe: `sqlite ${file}`, close: () => db.destroy() };
}

/** Every migration in order; later issues append here. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-foundation': foundation(dialect),
    '002-care-data': careData(dialect),
    '003-provider-soft-delete': providerSoftDelete(),
    '004-weight-decimal': weightDecimal(dialect),
  };
}

/** Brings the schema up to date; safe to run from several processes (the migrator locks). */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
  const { error, results } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
