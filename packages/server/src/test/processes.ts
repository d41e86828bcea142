import { TEST_DEVICE_KEY_SECRET } from './device-keys.ts';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Operation, OutputOf } from '@vigil/contracts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { freshPostgres, type Envelope } from './harness.ts';

export interface VigilProcess {
  port: number;
  baseUrl: string;
  child: ChildProcessWithoutNullStreams;
  /** Publishes device events in that process (see vigil-process.ts); resolves once published. */
  publish(command: { deviceId: string; deviceType: number; providerId: number; bedId: number | null; roomId: number | null; type: 'sos' | 'fall' | 'smoke' | 'door' | 'water'; status: number; count?: number }): Promise<void>;
  /** From now on the process's webhook delivery writes wait forever (see vigil-process.ts); each prints `webhookDeliveryHeld` in reports. */
  holdWebhookDeliveries(): Promise<void>;
  /** Starts a telemetry background in that process (see vigil-process.ts). */
  telemetry(options: { rate: number; devices: number; providerId: number; seconds: number }): Promise<void>;
  /** Lines the process printed that were not answers (e.g. the telemetry figures). */
  reports: Record<string, unknown>[];
  /** The process's log lines (pino JSON at LOG_LEVEL, warn unless the environment says otherwise), the last 2,000. */
  logs: { level: number; msg: string; [field: string]: unknown }[];
  /** Sends the command without waiting for it. */
  publishLater(command: Parameters<VigilProcess['publish']>[0]): void;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

const ENTRY = path.join(import.meta.dirname, 'vigil-process.ts');

/** Starts a Vigil process on the given environment (database, Redis, …) and waits until it listens. */
export async function startVigilProcess(env: Record<string, string>): Promise<VigilProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-proc-'));
  // VIGIL_CHILD_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the child (NODE_OPTIONS refuses --cpu-prof).
  const extra = process.env.VIGIL_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', ENTRY], {
    env: { ...process.env, LOG_LEVEL: 'warn', MQTT_PORT: '0', VIGIL_DATA_DIR: dataDir, VIGIL_ADMIN_USER: 'testadmin', VIGIL_ADMIN_PASSWORD: 'Test#Admin2026', VIGIL_DEVICE_KEY_SECRET: TEST_DEVICE_KEY_SECRET, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = new Map<number, () => void>();
  const reports: Record<string, unknown>[] = [];
  const logs: VigilProcess['logs'] = [];
  let nextId = 1;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vigil process did not start: ${stderr}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`vigil process exited (${code}): ${stderr}`)));
    lines.on('line', (line) => {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null) return;
      // Log lines (pino, with a level) may carry a `port` too: only the process's own answers count.
      if ('level' in message) {
        if (typeof message.level === 'number' && 'msg' in message && typeof message.msg === 'string') {
          logs.push({ ...message, level: message.level, msg: message.msg });
          if (logs.length > 2_000) logs.splice(0, logs.length - 2_000);
        }
        return;
      }
      if ('port' in message && typeof message.port === 'number') {
        clearTimeout(timer);
        resolve(message.port);
      }
      if ('id' in message && typeof message.id === 'number') waiting.get(message.id)?.();
      else if (!('port' in message)) reports.push({ ...message });
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const send = (command: object, done?: () => void) => {
    const id = nextId++;
    if (done) waiting.set(id, done);
    child.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
  };
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    publish: (command) => new Promise<void>((resolve) => send(command, resolve)),
    publishLater: (command) => send(command),
    holdWebhookDeliveries: () => new Promise<void>((resolve) => send({ holdWebhookDeliveries: true }, resolve)),
    telemetry: (options) => new Promise<void>((resolve) => send({ telemetry: options }, resolve)),
    reports,
    logs,
    async stop() {
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls one operation on a process over HTTP, as the console or the app does (JSON body, s-token). */
export async function callProcess<Op extends Operation>(vigil: VigilProcess, operation: Op, input: Record<string, unknown>, token?: string): Promise<Envelope<OutputOf<Op>>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { 's-token': token } : {}) };
  const url = new URL(`/api${operation.path}`, vigil.baseUrl);
  if (operation.method === 'GET') for (const [key, value] of Object.entries(input)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { method: operation.method, headers, body: operation.method === 'POST' ? JSON.stringify(input) : undefined });
  return (await response.json()) as Envelope<OutputOf<Op>>;
}

/** The database that processes started with `env` share, and the test's own handle on it. */
export interface ProcessDatabase {
  /** What every process gets (with the caller's `common`). */
  env: Record<string, string>;
  /** The test's handle, opened on first use (on SQLite, once a process has made the file). */
  handle(): DatabaseHandle;
  /** Closes the handle and drops the database or removes the folder. */
  drop(): Promise<void>;
}

/**
 * One database for processes that run in turn or side by side: a fresh PostgreSQL database, with
 * a Redis channel of its own between the processes, when DATABASE_URL is set; else one SQLite
 * file in a new folder (`prefix`), which the processes open in turn.
 */
export async function processDatabase(prefix: string, common: Record<string, string> = {}): Promise<ProcessDatabase> {
  const postgres = process.env.DATABASE_URL?.trim() || null;
  let handle: DatabaseHandle | null = null;
  if (postgres) {
    const fresh = await freshPostgres(postgres);
    const redis = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
    return {
      env: { ...common, DATABASE_URL: fresh.url, REDIS_URL: redis, REDIS_CHANNEL: `vigil:test:${crypto.randomBytes(6).toString('hex')}` },
      handle: () => (handle ??= openDatabase({ databaseUrl: fresh.url, dataDir: os.tmpdir() })),
      async drop() {
        await handle?.close();
        await fresh.drop();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    env: { ...common, VIGIL_DATA_DIR: dataDir },
    handle: () => (handle ??= openDatabase({ databaseUrl: null, dataDir })),
    async drop() {
      await handle?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
