import { TEST_DEVICE_KEY_SECRET } from './device-keys.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InputOf, LoginResult, Operation, OutputOf } from '@vigil/contracts';
import { login as loginOperation } from '@vigil/contracts';
import pg from 'pg';
import { buildApp, type Vigil } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.ts';
import type { Downlink } from '../events/downlink.ts';
import type { IngestOptions } from '../ingest/ingest.ts';
import type { TelemetryReader } from '../modules/reports/telemetry-reader.ts';

export interface Envelope<T = unknown> {
  status: number;
  data: T;
  msg: string;
}

export interface TestServer {
  vigil: Vigil;
  dataDir: string;
  /** The PostgreSQL database of this server (null on SQLite). */
  databaseUrl: string | null;
  /** Which database this run uses: 'sqlite' always, 'postgres' when DATABASE_URL is set. */
  dialect: 'sqlite' | 'postgres';
  /** Calls an operation through the real HTTP pipeline (Fastify inject). */
  call<Op extends Operation>(operation: Op, input: InputOf<Op> | Record<string, unknown>, options?: { token?: string; language?: string }): Promise<Envelope<OutputOf<Op>>>;
  /** Logs in with a password (plain, rsa: false) and answers the login data; throws when it fails. */
  login(userName: string, password?: string): Promise<LoginResult>;
  /**
   * Declares error-level log lines (level >= 50) that a test provokes on purpose:
   * removes the captured lines matching the pattern and answers them (fails when none matched).
   */
  expectErrorLogs(pattern: RegExp): ErrorLogLine[];
  /** Removes error-level lines matching the pattern, if any: for lines a fault may or may not cause (a job that happened to run while the database was cut). */
  allowErrorLogs(pattern: RegExp): ErrorLogLine[];
  /** Fails when error-level lines were logged that no test declared with expectErrorLogs. */
  assertNoUnexpectedErrorLogs(): void;
  /**
   * Stops the server as a deploy would (its close hooks run) and starts a new one on the same
   * database and data dir; `vigil` is then the new one. Tokens stay valid (sessions are stored).
   */
  restart(): Promise<void>;
  /** Closes the server and drops its database; fails on undeclared error-level log lines. */
  close(): Promise<void>;
}

/** One captured log line at level error (50) or fatal (60). */
export interface ErrorLogLine {
  level: number;
  msg: string;
  /** The whole JSON line, as the server wrote it. */
  line: string;
}

const ERROR_LEVEL = 50;

/** A pino destination that keeps the error-level lines and drops the rest. */
function errorLogCapture(): { stream: { write(line: string): void }; lines: ErrorLogLine[] } {
  const lines: ErrorLogLine[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          lines.push({ level: ERROR_LEVEL, msg: 'unparsable log line', line });
          return;
        }
        if (typeof parsed !== 'object' || parsed === null) return;
        const level = 'level' in parsed && typeof parsed.level === 'number' ? parsed.level : 0;
        if (level < ERROR_LEVEL) return;
        const msg = 'msg' in parsed && typeof parsed.msg === 'string' ? parsed.msg : '';
        lines.push({ level, msg, line: line.trim() });
      },
    },
  };
}

/** Makes a fresh PostgreSQL database next to the one DATABASE_URL names; answers its URL and a dropper. */
export async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vigil_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts a real Vigil on a fresh database (a new SQLite file, or a new PostgreSQL
 * database when DATABASE_URL is set) with a fresh data dir. `demo: true` seeds the demo care home; `demoDevices: true` adds its simulated devices.
 */
export async function startTestServer(
  options: {
    demo?: boolean; demoDevices?: boolean; env?: Record<string, string>; now?: () => number; downlink?: Downlink; telemetry?: TelemetryReader; ingest?: Partial<IngestOptions>;
    /** Start on this data dir and (PostgreSQL) database instead of fresh ones, e.g. a restored backup; close() removes them. */
    existing?: { dataDir: string; postgres: { url: string; drop: () => Promise<void> } | null };
  } = {},
): Promise<TestServer> {
  const dataDir = options.existing?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
  const baseUrl = process.env.DATABASE_URL?.trim();
  const postgres = options.existing ? options.existing.postgres : baseUrl ? await freshPostgres(baseUrl) : null;
  const config = loadConfig({
    VIGIL_DATA_DIR: dataDir,
    // Error-level lines are captured; an undeclared one fails the test file (see close()).
    LOG_LEVEL: 'error',
    // Never the shared default 1883: each test server's embedded broker takes a free port.
    MQTT_PORT: '0',
    VIGIL_ADMIN_USER: 'testadmin',
    VIGIL_ADMIN_PASSWORD: 'Test#Admin2026',
    // Fixtures seal the keys of devices they put into the database with it (test/device-keys.ts); '' for the data dir's file.
    VIGIL_DEVICE_KEY_SECRET: TEST_DEVICE_KEY_SECRET,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const logs = errorLogCapture();
  const start = () => buildApp(config, { print: () => {}, now: options.now, logStream: logs.stream, downlink: options.downlink, telemetry: options.telemetry, ingest: options.ingest });
  const vigil = await start();
  if (options.demo) await seedDemo(vigil.database.db, Date.now, { devices: options.demoDevices ?? false, cipher: vigil.deviceCipher.encode, deviceKeys: vigil.deviceKeys });

  const server: TestServer = {
    vigil,
    dataDir,
    databaseUrl: postgres?.url ?? null,
    dialect: postgres ? 'postgres' : 'sqlite',
    async call(operation, input, callOptions = {}) {
      const headers: Record<string, string> = {};
      if (callOptions.token) headers['s-token'] = callOptions.token;
      if (callOptions.language) headers['accept-language'] = callOptions.language;
      const url = `/api${operation.path}`;
      const values = (input ?? {}) as Record<string, unknown>;
      let response;
      if (operation.method === 'GET' || operation.method === 'DELETE') {
        const query: Record<string, string> = {};
        for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) query[key] = String(value);
        response = await server.vigil.app.inject({ method: operation.method, url, query, headers });
      } else if (operation.encoding === 'form') {
        const body = new URLSearchParams();
        for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) body.set(key, String(value));
        response = await server.vigil.app.inject({ method: 'POST', url, payload: body.toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
      } else {
        response = await server.vigil.app.inject({ method: 'POST', url, payload: values, headers });
      }
      return response.json() as Envelope<OutputOf<typeof operation>>;
    },
    async login(userName, password = DEMO_PASSWORD) {
      const result = await server.call(loginOperation, { userName, passWord: password, from: 'PC', rsa: false });
      if (result.status !== 200) throw new Error(`login ${userName} failed: ${result.status} ${result.msg}`);
      return result.data;
    },
    expectErrorLogs(pattern) {
      const matched = logs.lines.filter((entry) => pattern.test(entry.line));
      if (matched.length === 0) throw new Error(`expected an error-level log line matching ${pattern}; captured: ${describeLines(logs.lines)}`);
      logs.lines.splice(0, logs.lines.length, ...logs.lines.filter((entry) => !matched.includes(entry)));
      return matched;
    },
    allowErrorLogs(pattern) {
      const matched = logs.lines.filter((entry) => pattern.test(entry.line));
      logs.lines.splice(0, logs.lines.length, ...logs.lines.filter((entry) => !matched.includes(entry)));
      return matched;
    },
    assertNoUnexpectedErrorLogs() {
      if (logs.lines.length > 0) throw new Error(`unexpected error-level log lines (declare expected ones with expectErrorLogs): ${describeLines(logs.lines)}`);
    },
    async restart() {
      await server.vigil.close();
      server.vigil = await start();
    },
    async close() {
      await server.vigil.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      server.assertNoUnexpectedErrorLogs();
    },
  };
  return server;
}

function describeLines(lines: ErrorLogLine[]): string {
  return lines.length === 0 ? 'none' : `\n${lines.map((entry) => `  ${entry.line}`).join('\n')}`;
}

/** The test administrator created on first start. */
export const TEST_ADMIN = { userName: 'testadmin', password: 'Test#Admin2026' };
