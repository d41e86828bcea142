import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import tar from 'tar-stream';
import type { Config } from '../config.ts';
import { migrationsFor } from '../db/database.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Metrics } from './metrics.ts';
import { SERVER_VERSION } from '../version.ts';

/**
 * Backup and restore of one Vigil installation (README "Backup").
 *
 * An archive is a gzip'd tar:
 *   database/vigil.db       SQLite: a consistent copy made with SQLite's online backup API
 *   database/vigil.pgdump   PostgreSQL: `pg_dump --format=custom`
 *   files/…                 everything else in the data dir: keys/ (RSA key pair, login and
 *                           device-ID secrets), uploads/, releases/, firmware/ …
 *   manifest.json           last: versions, migration level, and the size and SHA-256 of every
 *                           other entry (so a restore checks all of them before it writes anything)
 * Secrets kept in the database (where an installation keeps them there) travel with the
 * database part; secrets kept as files travel under files/keys/. Both are always included.
 */

export const BACKUP_FORMAT = 'vigil-backup/1';
const SQLITE_ENTRY = 'database/vigil.db';
const POSTGRES_ENTRY = 'database/vigil.pgdump';
const MANIFEST_ENTRY = 'manifest.json';
/** The SQLite database and its side files never travel as plain files (the copy is taken with the backup API). */
const SQLITE_FILES = new Set(['vigil.db', 'vigil.db-wal', 'vigil.db-shm', 'vigil.db-journal']);

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  vigil: { version: string; commit: string };
  node: string;
  database: { dialect: Dialect; entry: string; tool: string };
  /** The last applied migration (the schema level) and every applied one, in order. */
  migration: { level: string | null; applied: string[] };
  /** Where uploaded packages live: in this archive (files/…) or in S3 (not in the archive). */
  uploads: string;
  files: ManifestFile[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: BackupManifest;
}

/** A refusal with a message for the operator (the CLI prints it and exits 1). */
export class BackupError extends Error {}

type Target = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

/** Runs a tool, collecting stderr; rejects with its message when it fails or is missing. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === 'ENOENT' ? `${command} is not installed (Debian: apt-get install postgresql-client)` : `${command}: ${error.message}`)),
    );
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new BackupError(`${command} failed (exit ${code}): ${output.trim()}`))));
  });
}

/** libpq's environment for a postgres:// URL: the password never shows in the process list. */
function postgresEnv(databaseUrl: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {};
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { env, dbname: url.toString() };
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under dir (relative paths, '/' separated), skipping the excluded absolute paths. */
function listFiles(dir: string, exclude: (absolute: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const absolute = path.join(current, entry.name);
      if (exclude(absolute)) continue;
      if (entry.isDirectory()) walk(absolute);
      else if (entry.isFile()) found.push(path.relative(dir, absolute).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

async function appliedMigrationsSqlite(file: string): Promise<string[]> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const exists = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!exists) return [];
    return (sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((row) => row.name);
  } finally {
    sqlite.close();
  }
}

async function appliedMigrationsPostgres(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exists = await client.query("select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'kysely_migration'");
    if (exists.rowCount === 0) return [];
    return (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** Copies the live SQLite database with the online backup API (Vigil may keep writing meanwhile). */
async function copySqlite(dataDir: string, destination: string): Promise<void> {
  const source = path.join(dataDir, 'vigil.db');
  if (!fs.existsSync(source)) throw new BackupError(`no database at ${source}: is VIGIL_DATA_DIR (or DATABASE_URL) right?`);
  const sqlite = new SQLite(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    // Small steps, so a Vigil in this process keeps answering between them.
    await sqlite.backup(destination, { progress: () => 256 });
  } finally {
    sqlite.close();
  }
}

/**
 * Writes one backup archive of the installation to `file` (via `file.partial`, renamed when
 * complete, so a half-written archive never looks like a backup).
 */
export async function createBackup(target: Target, file: string, options: { commit?: string; exclude?: string[] } = {}): Promise<BackupResult> {
  const started = Date.now();
  const output = path.resolve(file);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(output), '.vigil-backup-'));
  const partial = `${output}.partial`;
  try {
    const dialect: Dialect = target.databaseUrl ? 'postgres' : 'sqlite';
    const databaseEntry = dialect === 'sqlite' ? SQLITE_ENTRY : POSTGRES_ENTRY;
    const databaseCopy = path.join(staging, path.basename(databaseEntry));
    let applied: string[];
    let tool: string;
    if (target.databaseUrl) {
      const { env, dbname } = postgresEnv(target.databaseUrl);
      applied = await appliedMigrationsPostgres(target.databaseUrl);
      tool = (await run('pg_dump', ['--version'], env)).trim();
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${databaseCopy}`, `--dbname=${dbname}`], env);
    } else {
      await copySqlite(target.dataDir, databaseCopy);
      applied = await appliedMigrationsSqlite(databaseCopy);
      const memory = new SQLite(':memory:');
      tool = `SQLite ${(memory.prepare('select sqlite_version() as v').get() as { v: string }).v} online backup`;
      memory.close();
    }
    const excluded = new Set([staging, output, partial, ...(options.exclude ?? []).map((entry) => path.resolve(entry))]);
    const dataDir = path.resolve(target.dataDir);
    const dataFiles = listFiles(dataDir, (absolute) => {
      if (excluded.has(absolute)) return true;
      if (path.dirname(absolute) === dataDir && SQLITE_FILES.has(path.basename(absolute))) return true;
      // Unfinished archives and restores next to the data never go into a backup.
      return /\.partial$|^\.vigil-(backup|restore)-/.test(path.basename(absolute));
    });
    const entries: { name: string; source: string }[] = [
      { name: databaseEntry, source: databaseCopy },
      ...dataFiles.map((relative) => ({ name: `files/${relative}`, source: path.join(dataDir, ...relative.split('/')) })),
    ];

    const pack = tar.pack();
    const gzip = zlib.createGzip({ level: 6 });
    const written = pipeline(pack, gzip, fs.createWriteStream(partial));
    const files: ManifestFile[] = [];
    for (const entry of entries) {
      const stat = fs.statSync(entry.source);
      const hash = crypto.createHash('sha256');
      const sink = pack.entry({ name: entry.name, size: stat.size, mode: 0o600, mtime: stat.mtime });
      const read = fs.createReadStream(entry.source, { start: 0, end: Math.max(0, stat.size - 1) });
      read.on('data', (chunk) => hash.update(chunk));
      if (stat.size > 0) await pipeline(read, sink);
      else {
        read.destroy();
        await new Promise<void>((resolve, reject) => sink.end((error?: Error | null) => (error ? reject(error) : resolve())));
      }
      files.push({ path: entry.name, size: stat.size, sha256: hash.digest('hex') });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      vigil: { version: SERVER_VERSION, commit: options.commit ?? process.env.VIGIL_COMMIT ?? 'dev' },
      node: process.version,
      database: { dialect, entry: databaseEntry, tool },
      migration: { level: applied.at(-1) ?? null, applied },
      uploads: target.s3 ? `in S3 (${target.s3.bucket}): not in this archive; back that bucket up with its own tools` : 'in this archive (files/)',
      files,
    };
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    fs.renameSync(partial, output);
    return { file: output, bytes: fs.statSync(output).size, ms: Date.now() - started, manifest };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** A relative, normalised entry name without `..`: anything else is not ours. */
function safeEntryName(name: string): string | null {
  const normal = path.posix.normalize(name);
  if (normal.startsWith('/') || normal.startsWith('..') || normal.includes('\0') || normal === '.') return null;
  return normal;
}

interface Unpacked {
  manifest: BackupManifest;
  /** Absolute path of each extracted entry, by entry name. */
  paths: Map<string, string>;
}

/** Extracts an archive into `into`, then checks every entry against the manifest. */
async function unpack(file: string, into: string): Promise<Unpacked> {
  const seen = new Map<string, { size: number; sha256: string; path: string }>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract).catch((error: Error) => {
    throw new BackupError(`${file} is not a readable Vigil backup (damaged or not a .tar.gz): ${error.message}`);
  });
  let index = 0;
  try {
    for await (const entry of extract) {
      const name = safeEntryName(entry.header.name);
      if (!name || entry.header.type !== 'file') throw new BackupError(`${file} holds an unexpected entry "${entry.header.name}": not a Vigil backup`);
      if (name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const destination = path.join(into, `entry-${index++}`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      entry.on('data', (chunk) => {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      });
      await pipeline(entry, fs.createWriteStream(destination, { mode: 0o600 }));
      seen.set(name, { size, sha256: hash.digest('hex'), path: destination });
    }
  } catch (error) {
    await reading.catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable Vigil backup (damaged or not a .tar.gz): ${(error as Error).message}`);
  }
  await reading;
  if (manifestText === null) throw new BackupError(`${file} has no manifest.json: not a Vigil backup, or cut short`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupError(`${file}: manifest.json is damaged`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is in format "${String(manifest.format)}"; this Vigil reads ${BACKUP_FORMAT}`);
  const listed = new Set<string>();
  for (const expected of manifest.files) {
    listed.add(expected.path);
    const actual = seen.get(expected.path);
    if (!actual) throw new BackupError(`checksum check failed: ${expected.path} is listed in the manifest but missing from ${file}`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupError(`checksum check failed: ${expected.path} in ${file} does not match its SHA-256 in the manifest (the archive is damaged or was changed); nothing was restored`);
    }
  }
  for (const name of seen.keys()) if (!listed.has(name)) throw new BackupError(`checksum check failed: ${name} in ${file} is not in the manifest`);
  return { manifest, paths: new Map([...seen].map(([name, entry]) => [name, entry.path])) };
}

/** Reads and checks an archive without restoring it (`npm run restore -- --check <file>`). */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.vigil-restore-'));
  try {
    return (await unpack(file, staging)).manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function postgresTables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to the database of DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const result = await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by table_name limit 5",
    );
    return result.rows.map((row) => row.table_name);
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  ms: number;
}

/**
 * Restores an archive into an empty data dir (and, with DATABASE_URL, an empty PostgreSQL
 * database). Refuses a non-empty target, a damaged archive (any checksum) and an archive
 * from a newer schema than this Vigil knows, before writing anything.
 */
export async function restoreBackup(target: Target, file: string): Promise<RestoreResult> {
  const started = Date.now();
  const archive = path.resolve(file);
  if (!fs.existsSync(archive)) throw new BackupError(`no such file: ${archive}`);
  const dataDir = path.resolve(target.dataDir);
  const dialect: Dialect = target.databaseUrl ? 'postgres' : 'sqlite';
  // The target first: refusing takes a second, unpacking a large archive does not.
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (present.length > 0) {
    throw new BackupError(`the data dir ${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ' …' : ''}): restore only into an empty one (set VIGIL_DATA_DIR to a new folder)`);
  }
  if (target.databaseUrl) {
    const tables = await postgresTables(target.databaseUrl);
    if (tables.length > 0) {
      throw new BackupError(`the database of DATABASE_URL is not empty (tables ${tables.join(', ')} …): restore only into a new, empty database (createdb)`);
    }
  }
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(dataDir), '.vigil-restore-'));
  try {
    const { manifest, paths } = await unpack(archive, staging);
    const known = new Set(Object.keys(migrationsFor(manifest.database.dialect)));
    const unknown = manifest.migration.applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      const ours = Object.keys(migrationsFor(dialect)).at(-1);
      throw new BackupError(
        `${archive} comes from a newer Vigil (${manifest.vigil.version}, migration level ${manifest.migration.level}; this Vigil ${SERVER_VERSION} knows up to ${ours}): restore it with that version or newer`,
      );
    }
    if (manifest.database.dialect !== dialect) {
      throw new BackupError(
        manifest.database.dialect === 'postgres'
          ? `${archive} holds a PostgreSQL database: set DATABASE_URL to a new, empty PostgreSQL database to restore it`
          : `${archive} holds an SQLite database: unset DATABASE_URL to restore it into the data dir`,
      );
    }
    const restored = path.join(staging, 'data');
    fs.mkdirSync(restored, { mode: 0o700 });
    for (const [name, extracted] of paths) {
      if (!name.startsWith('files/')) continue;
      const destination = path.join(restored, ...name.slice('files/'.length).split('/'));
      fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
      fs.renameSync(extracted, destination);
      fs.chmodSync(destination, 0o600);
    }
    const database = paths.get(manifest.database.entry);
    if (!database) throw new BackupError(`checksum check failed: ${manifest.database.entry} is missing from ${archive}`);
    if (target.databaseUrl) {
      const { env, dbname } = postgresEnv(target.databaseUrl);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, database], env);
    } else {
      fs.renameSync(database, path.join(restored, 'vigil.db'));
      fs.chmodSync(path.join(restored, 'vigil.db'), 0o600);
    }
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(restored, dataDir);
    return { manifest, ms: Date.now() - started };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const ARCHIVE_NAME = /^vigil-backup-\d{8}T\d{6}Z\.tar\.gz$/;

/** The name of a scheduled backup taken at `time`: vigil-backup-20261127T023000Z.tar.gz. */
export function scheduledBackupName(time: number): string {
  return `vigil-backup-${new Date(time).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.tar.gz`;
}

/** The complete scheduled backups in `dir`, oldest first. */
export function listScheduledBackups(dir: string): { name: string; file: string; mtimeMs: number }[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .map((name) => ({ name, file: path.join(dir, name), mtimeMs: fs.statSync(path.join(dir, name)).mtimeMs }));
}

/** Deletes all but the newest `keep` scheduled backups; answers the deleted names. */
export function pruneBackups(dir: string, keep: number): string[] {
  const all = listScheduledBackups(dir);
  const doomed = all.slice(0, Math.max(0, all.length - keep));
  for (const entry of doomed) fs.rmSync(entry.file, { force: true });
  return doomed.map((entry) => entry.name);
}

/** The few pino methods the backup job logs with. */
interface BackupLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Scheduled backups (BACKUP_DIR, BACKUP_KEEP, BACKUP_AT), run by the scheduler's leader, and
 * their metrics. `vigil_backup_last_success_timestamp_seconds` is read from BACKUP_DIR at each
 * scrape (the newest complete archive), so it survives restarts and is the same on every process
 * sharing that folder; 0 when there is none (or no BACKUP_DIR).
 */
export function backupJob(deps: {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 's3' | 'backup'>;
  metrics: Metrics;
  scheduler: Scheduler;
  log: BackupLog;
}): { runOnce(now: number): Promise<BackupResult | null> } {
  const { config } = deps;
  const dir = config.backup.dir;
  deps.metrics.gauge({
    name: 'vigil_backup_last_success_timestamp_seconds',
    help: 'When the newest complete scheduled backup in BACKUP_DIR was written (Unix seconds; 0: none or no BACKUP_DIR)',
    collect() {
      const newest = dir ? listScheduledBackups(dir).at(-1) : undefined;
      this.set(newest ? Math.floor(newest.mtimeMs / 1000) : 0);
    },
  });
  const failures = deps.metrics.counter({ name: 'vigil_backup_failures_total', help: 'Scheduled backups that failed (see the log)' });
  const duration = deps.metrics.gauge({ name: 'vigil_backup_last_duration_seconds', help: 'How long the last scheduled backup by this process took' });
  const size = deps.metrics.gauge({ name: 'vigil_backup_last_size_bytes', help: 'Size of the last scheduled backup by this process' });
  const runOnce = async (now: number): Promise<BackupResult | null> => {
    if (!dir) return null;
    try {
      const result = await createBackup(config, path.join(dir, scheduledBackupName(now)), { exclude: [dir] });
      duration.set(result.ms / 1000);
      size.set(result.bytes);
      const pruned = pruneBackups(dir, config.backup.keep);
      deps.log.info({ file: result.file, bytes: result.bytes, ms: result.ms, pruned }, 'backup: written');
      return result;
    } catch (error) {
      failures.inc();
      deps.log.error({ err: error, dir }, 'backup: failed');
      throw error;
    }
  };
  if (dir) deps.scheduler.registerJob({ name: 'backup', schedule: { dailyAt: config.backup.at }, run: async ({ now }) => void (await runOnce(now)) });
  return { runOnce };
}
