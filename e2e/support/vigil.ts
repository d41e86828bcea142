import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningVigil {
  baseUrl: string;
  dataDir: string;
  /** The server's own PostgreSQL database, or null on SQLite (`<dataDir>/vigil.db`). */
  databaseUrl: string | null;
  /**
   * Resolves when the server has printed a line matching `pattern` (for example the demo's
   * "Demo sleep history" line, printed when its background history is written); rejects after
   * `timeoutMs` with what the server printed.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Stops the server as a deploy would (SIGTERM) and starts it again on the same data, port and database. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function psql(baseUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/**
 * Starts the real server (`npm run demo`'s entry point) with demo data on a fresh
 * data dir and a fresh database (SQLite, or a new PostgreSQL database when
 * DATABASE_URL is set), serving the built console. Waits until /api/ready answers.
 * The demo's simulated devices stay off unless `simulate` (their falls and doors would
 * pop alarms over every screen); the embedded broker takes a free port. The demo's sleep history
 * stays off unless `sleepHistory`: `true` makes its 14 nights (both cores for most of a minute,
 * which a spec running beside it waits behind), a number that many of the last nights
 * (VIGIL_DEMO_HISTORY_NIGHTS); wait for its "Demo sleep history: N simulated nights" line.
 */
export async function startVigil(options: { simulate?: boolean; sleepHistory?: boolean | number; env?: Record<string, string> } = {}): Promise<RunningVigil> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn',
    MQTT_PORT: '0', VIGIL_SIMULATE: options.simulate ? '1' : '0',
    VIGIL_DEMO_HISTORY: options.sleepHistory ? '1' : '0',
    VIGIL_DEMO_HISTORY_NIGHTS: typeof options.sleepHistory === 'number' ? String(options.sleepHistory) : '',
    ...options.env,
  };
  let dropDatabase = async () => {};
  const baseDatabaseUrl = process.env.DATABASE_URL?.trim();
  if (baseDatabaseUrl) {
    const name = `vigil_e2e_${crypto.randomBytes(5).toString('hex')}`;
    await psql(baseDatabaseUrl, `CREATE DATABASE ${name}`);
    const url = new URL(baseDatabaseUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = () => psql(baseDatabaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  // The built server, as `npm run demo` runs it: the specs test what ships.
  const entry = path.join(ROOT, 'packages/server/dist/demo.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  let output = '';
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  /** Spawns the server on the data dir and database and waits until /api/ready answers. */
  const launch = async (): Promise<void> => {
    child = spawn(process.execPath, ['--enable-source-maps', entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Vigil exited early:\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/ready`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`Vigil did not start within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  /** SIGTERM, as a deploy stops it (its close hooks run), and waits for the exit. */
  const terminate = async (): Promise<void> => {
    const running = child;
    running.kill('SIGTERM');
    await new Promise((resolve) => (running.exitCode !== null ? resolve(null) : running.once('exit', resolve)));
  };
  await launch();
  return {
    baseUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    async waitForOutput(pattern, timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (child.exitCode !== null) throw new Error(`Vigil exited while waiting for ${pattern}:\n${output}`);
        if (Date.now() > until) throw new Error(`Vigil did not print ${pattern} within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async restart() {
      await terminate();
      await launch();
    },
    async stop() {
      await terminate();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
