import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type Dialect as KyselyDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect.ts';
import { namingPool } from './named-statements.ts';
import { cachingStatements } from './statement-cache.ts';
import { watchWrites, type WriteWatcher } from './write-watch.ts';
import { foundation } from './migrations/001-foundation.ts';
import { careData } from './migrations/002-care-data.ts';
import { providerSoftDelete } from './migrations/003-provider-soft-delete.ts';
import { weightDecimal } from './migrations/004-weight-decimal.ts';
import { authHardening } from './migrations/005-auth-hardening.ts';
import { devices } from './migrations/006-devices.ts';
import { deviceRegistry } from './migrations/007-device-registry.ts';
import { telemetry } from './migrations/008-telemetry.ts';
import { gatewaysFallRadar } from './migrations/009-gateways-fall-radar.ts';
import { alarms } from './migrations/010-alarms.ts';
import { sleepReports } from './migrations/011-sleep-reports.ts';
import { releases } from './migrations/012-releases.ts';
import { statistics } from './migrations/013-statistics.ts';
import { analytics } from './migrations/014-analytics.ts';
import { deviceKeyRotation } from './migrations/015-device-key-rotation.ts';
import { deviceRuleStates } from './migrations/016-device-rule-states.ts';
import { openAlarmsIndex } from './migrations/017-open-alarms-index.ts';
import { auditLog } from './migrations/018-audit-log.ts';
import { sharedSecrets } from './migrations/019-shared-secrets.ts';
import { webPush } from './migrations/020-web-push.ts';
import { webhooks } from './migrations/021-webhooks.ts';
import { residentAbsence } from './migrations/022-resident-absence.ts';
import { deviceKeysSealed } from './migrations/023-device-keys-sealed.ts';
import { escalation } from './migrations/024-escalation.ts';
import { deviceLog } from './migrations/025-device-log.ts';
import { h5VersionStates } from './migrations/026-h5-version-states.ts';
import { relativesAlarmPush } from './migrations/027-relatives-alarm-push.ts';
import { morningSummary } from './migrations/028-morning-summary.ts';
import { webhookSweep } from './migrations/029-webhook-sweep.ts';
import type { DeviceKeySeal } from '../ingest/device-key-seal.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Connections of the PostgreSQL pool: open, idle, and callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Human-readable target, without credentials. */
  describe: string;
  /** Answers whether the database answers a query within the time limit. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The pool's connections on PostgreSQL; null on SQLite (one embedded connection). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface DatabaseEvents {
  /**
   * A pooled connection broke while idle (database restart, failover, an administrator's
   * pg_terminate_backend). The pool has already dropped it and opens a new one when needed.
   */
  connectionLost?(error: Error): void;
  /** Told about the writes it cares about, at the statement and after the commit (caches of those rows). */
  writes?: WriteWatcher;
  /** Wraps the dialect once more (the audit trail's capture of changed rows, audit/audit-capture.ts). */
  wrap?: (dialect: KyselyDialect) => KyselyDialect;
}

/** Time to wait for a new PostgreSQL connection before a query fails (instead of hanging while the database is down). */
const CONNECT_TIMEOUT_MS = 10_000;
const PING_TIMEOUT_MS = 3_000;

async function pingWithin(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// PostgreSQL returns int8 (bigint) as text; our epoch-millisecond times fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

const watched = (dialect: KyselyDialect, events: DatabaseEvents): KyselyDialect => {
  const wrapped = events.wrap ? events.wrap(dialect) : dialect;
  return events.writes ? watchWrites(wrapped, events.writes) : wrapped;
};

/** Opens PostgreSQL when a URL is given, otherwise the SQLite file in the data dir (WAL mode). */
export function openDatabase(options: { databaseUrl: string | null; dataDir: string }, events: DatabaseEvents = {}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'vigil' });
    // Without a listener, a connection's error (the server restarting, pg_terminate_backend) is an
    // uncaught 'error' event and ends the process. The pool listens only while a client is idle, so
    // every client gets its own listener for its whole life: checked out, mid-transaction or idle.
    // The query in flight fails (its caller retries: ingest requeues the batch, alarm raises retry);
    // a broken client is not returned to the pool. Each lost connection is reported once.
    const reported = new WeakSet<pg.Client>();
    const lost = (client: pg.Client, error: Error) => {
      if (reported.has(client)) return;
      reported.add(client);
      events.connectionLost?.(error);
    };
    pool.on('connect', (client) => client.on('error', (error) => lost(client, error)));
    pool.on('error', (error, client) => lost(client, error));
    // compiledOnce reads run as named prepared statements: parsed and planned once per connection.
    const db = new Kysely<Database>({ dialect: watched(new PostgresDialect({ pool: namingPool(pool) }), events) });
    const url = new URL(options.databaseUrl);
    return {
      db,
      dialect: 'postgres',
      describe: `postgres ${url.host}${url.pathname}`,
      ping: (timeoutMs = PING_TIMEOUT_MS) => pingWithin(db, timeoutMs),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, 'vigil.db');
  // Only Vigil's user may read the database (device keys, personal data): created 0600, and an older
  // world-readable file is narrowed. SQLite gives its -wal and -shm files the database file's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  for (const companion of [`${file}-wal`, `${file}-shm`]) if (fs.existsSync(companion)) fs.chmodSync(companion, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: watched(new SqliteDialect({ database: cachingStatements(sqlite) }), events) });
  return {
    db,
    dialect: 'sqlite',
    describe: `sqlite ${file}`,
    ping: (timeoutMs = PING_TIMEOUT_MS) => pingWithin(db, timeoutMs),
    poolStats: () => null,
    close: () => db.destroy(),
  };
}

/**
 * Every migration in order; later issues append here. `deviceKeys` seals the device keys (023):
 * needed to run the migrations, not to list them.
 */
export function migrationsFor(dialect: Dialect, deviceKeys: DeviceKeySeal | null = null): Record<string, Migration> {
  return {
    '001-foundation': foundation(dialect),
    '002-care-data': careData(dialect),
    '003-provider-soft-delete': providerSoftDelete(),
    '004-weight-decimal': weightDecimal(dialect),
    '005-auth-hardening': authHardening(),
    '006-devices': devices(dialect),
    '007-device-registry': deviceRegistry(),
    '008-telemetry': telemetry(dialect),
    '009-gateways-fall-radar': gatewaysFallRadar(dialect),
    '010-alarms': alarms(dialect),
    '011-sleep-reports': sleepReports(dialect),
    '012-releases': releases(dialect),
    '013-statistics': statistics(dialect),
    '014-analytics': analytics(dialect),
    '015-device-key-rotation': deviceKeyRotation(dialect),
    '016-device-rule-states': deviceRuleStates(dialect),
    '017-open-alarms-index': openAlarmsIndex(dialect),
    '018-audit-log': auditLog(dialect),
    '019-shared-secrets': sharedSecrets(dialect),
    '020-web-push': webPush(dialect),
    '021-webhooks': webhooks(dialect),
    '022-resident-absence': residentAbsence(),
    '023-device-keys-sealed': deviceKeysSealed(dialect, deviceKeys),
    '024-escalation': escalation(dialect),
    '025-device-log': deviceLog(dialect),
    '026-h5-version-states': h5VersionStates(dialect),
    '027-relatives-alarm-push': relativesAlarmPush(),
    '028-morning-summary': morningSummary(),
    '029-webhook-sweep': webhookSweep(),
  };
}

/** Brings the schema up to date; safe to run from several processes (the migrator locks). */
export async function migrate(handle: DatabaseHandle, deviceKeys: DeviceKeySeal): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect, deviceKeys) };
  // Numbers are claimed in parallel and may land out of order (026 after 027): a database that ran the later one still gets the earlier.
  const { error, results } = await new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
