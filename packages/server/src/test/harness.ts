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

export interface Envelope<T = unknown> {
  status: number;
  data: T;
  msg: string;
}

export interface TestServer {
  vigil: Vigil;
  dataDir: string;
  /** Which database this run uses: 'sqlite' always, 'postgres' when DATABASE_URL is set. */
  dialect: 'sqlite' | 'postgres';
  /** Calls an operation through the real HTTP pipeline (Fastify inject). */
  call<Op extends Operation>(operation: Op, input: InputOf<Op> | Record<string, unknown>, options?: { token?: string; language?: string }): Promise<Envelope<OutputOf<Op>>>;
  /** Logs in with a password (plain, rsa: false) and answers the login data; throws when it fails. */
  login(userName: string, password?: string): Promise<LoginResult>;
  close(): Promise<void>;
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
 * database when DATABASE_URL is set) with a fresh data dir. `demo: true` seeds the demo care home.
 */
export async function startTestServer(options: { demo?: boolean; env?: Record<string, string>; now?: () => number } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
  const baseUrl = process.env.DATABASE_URL?.trim();
  const postgres = baseUrl ? await freshPostgres(baseUrl) : null;
  const config = loadConfig({
    VIGIL_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VIGIL_ADMIN_USER: 'testadmin',
    VIGIL_ADMIN_PASSWORD: 'Test#Admin2026',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const vigil = await buildApp(config, { print: () => {}, now: options.now });
  if (options.demo) await seedDemo(vigil.database.db);

  const server: TestServer = {
    vigil,
    dataDir,
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
        response = await vigil.app.inject({ method: operation.method, url, query, headers });
      } else if (operation.encoding === 'form') {
        const body = new URLSearchParams();
        for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) body.set(key, String(value));
        response = await vigil.app.inject({ method: 'POST', url, payload: body.toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
      } else {
        response = await vigil.app.inject({ method: 'POST', url, payload: values, headers });
      }
      return response.json() as Envelope<OutputOf<typeof operation>>;
    },
    async login(userName, password = DEMO_PASSWORD) {
      const result = await server.call(loginOperation, { userName, passWord: password, from: 'PC', rsa: false });
      if (result.status !== 200) throw new Error(`login ${userName} failed: ${result.status} ${result.msg}`);
      return result.data;
    },
    async close() {
      await vigil.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The test administrator created on first start. */
export const TEST_ADMIN = { userName: 'testadmin', password: 'Test#Admin2026' };
