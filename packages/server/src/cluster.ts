import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase } from './db/database.ts';
import { seedDemo } from './demo/seed.ts';
import { startDemoSimulation, type DemoSimulation } from './demo/simulate.ts';
import { writeMosquittoAuth } from './ingest/mosquitto-auth.ts';
import { deviceKeySeal, loadDeviceKeySecret } from './ingest/device-key-seal.ts';

/**
 * `npm run cluster -- N` (issue 26): N Vigil processes on this machine as several hosts would run
 * them (README "Several processes", docs/scale-out.md): one PostgreSQL database of their own
 * (CLUSTER_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/vigil_cluster, created and
 * seeded with the demo care home as `npm run demo` seeds it), the local Redis as their event bus
 * (REDIS_URL), and a Mosquitto of their own on a free port that authenticates devices from the
 * registry (as `npm run mqtt:mosquitto-auth` writes it). Each process gets its own HTTP port and
 * data dir. When a NATS server with JetStream answers at NATS_URL (default nats://127.0.0.1:4222),
 * device messages go through the durable device log (stream VIGIL_CLUSTER_<database>, docs/scale-out.md);
 * otherwise through Mosquitto's shared subscription, and a line says so.
 * The demo's simulated devices report to that Mosquitto unless VIGIL_SIMULATE=0.
 * Prints `process <i> pid <pid> http http://127.0.0.1:<port>` per process and
 * `mqtt mqtt://127.0.0.1:<port>`; Ctrl-C stops everything it started.
 */
const count = Number(process.argv[2] ?? '2');
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('usage: npm run cluster -- <number of Vigil processes, 1 to 16>');
  process.exit(2);
}
const databaseUrl = process.env.CLUSTER_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/vigil_cluster';
const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const natsUrl = process.env.NATS_URL?.trim() || 'nats://127.0.0.1:4222';
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-cluster-'));
const children: ChildProcess[] = [];
let simulation: DemoSimulation | null = null;
let stopping = false;

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
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

/** Whether something accepts TCP connections at the URL's host and port within a second. */
function reachable(url: string): Promise<boolean> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || 4222) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`CLUSTER_DATABASE_URL: the database name "${name}" must be lower-case letters, digits and _`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await simulation?.stop().catch(() => {});
    const exits = children.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }));
    await Promise.all(exits);
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(code);
  })();
}
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));

/**
 * The device-key secret every process of the cluster shares (each has a data dir of its own):
 * VIGIL_DEVICE_KEY_SECRET, else the one kept in data/cluster/keys (the database outlives a run).
 */
const deviceKeySecret = loadDeviceKeySecret(path.join(root, 'data', 'cluster'), process.env.VIGIL_DEVICE_KEY_SECRET).toString('hex');
const deviceKeys = deviceKeySeal(Buffer.from(deviceKeySecret, 'hex'));

async function main(): Promise<void> {
  await ensureDatabase(databaseUrl);
  const dataDir = path.join(work, 'seed');
  const database = openDatabase({ databaseUrl, dataDir });
  const mqttPassword = crypto.randomBytes(12).toString('hex');
  try {
    await migrate(database, deviceKeys);
    await seedDemo(database.db, Date.now, { deviceKeys });
    await writeMosquittoAuth(database.db, path.join(work, 'mosquitto'), { userName: 'vigil', password: mqttPassword }, deviceKeys);
  } finally {
    await database.close();
  }

  const mqttPort = await freePort();
  const mosquittoDir = path.join(work, 'mosquitto');
  const conf = path.join(mosquittoDir, 'mosquitto.conf');
  fs.writeFileSync(conf, [
    `listener ${mqttPort} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${path.join(mosquittoDir, 'vigil.passwd')}`,
    `acl_file ${path.join(mosquittoDir, 'vigil.acl')}`,
    'persistence false',
    // Started as whoever runs the script, it reads that user's files (root would otherwise switch to "mosquitto").
    `user ${os.userInfo().username}`,
    '',
  ].join('\n'));
  const mosquitto = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let mosquittoErrors = '';
  mosquitto.stderr?.on('data', (chunk: Buffer) => (mosquittoErrors = (mosquittoErrors + chunk.toString()).slice(-2000)));
  children.push(mosquitto);
  mosquitto.once('exit', (code) => {
    if (!stopping) {
      console.error(`mosquitto exited (${code}): ${mosquittoErrors}`);
      stopAll(1);
    }
  });
  await until('mosquitto', () => listens(mqttPort), 10_000);

  const channel = `vigil:cluster:${new URL(databaseUrl).pathname.slice(1)}`;
  const deviceLog = (await reachable(natsUrl)) ? { NATS_URL: natsUrl, NATS_STREAM: `VIGIL_CLUSTER_${new URL(databaseUrl).pathname.slice(1)}` } : null;
  if (!deviceLog) console.error(`no NATS server at ${natsUrl}: device messages go through Mosquitto's shared subscription, without the durable device log`);
  const lines: string[] = [];
  for (let index = 1; index <= count; index++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_CHANNEL: channel,
        MQTT_URL: `mqtt://vigil:${mqttPassword}@127.0.0.1:${mqttPort}`,
        MQTT_SHARE_GROUP: 'vigil-cluster',
        ...deviceLog,
        PORT: String(port),
        HOST: '127.0.0.1',
        VIGIL_DATA_DIR: path.join(work, `process-${index}`),
        // One secret for every process (each has its own data dir): the device keys are sealed with it.
        VIGIL_DEVICE_KEY_SECRET: deviceKeySecret,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
      // Their own lines go to stderr: stdout carries only the lines above.
      stdio: ['ignore', 2, 2],
    });
    children.push(child);
    child.once('exit', (code, signal) => {
      if (!stopping) console.error(`process ${index} pid ${child.pid} exited (${signal ?? code})`);
    });
    await until(`process ${index} on port ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok);
    lines.push(`process ${index} pid ${child.pid} http http://127.0.0.1:${port}`);
  }
  for (const line of lines) console.log(line);
  console.log(`mqtt mqtt://127.0.0.1:${mqttPort}`);

  // Devices added meanwhile (the console, the simulator) may log in to Mosquitto within 30 s.
  const refresh = setInterval(() => {
    const handle = openDatabase({ databaseUrl, dataDir });
    void writeMosquittoAuth(handle.db, mosquittoDir, { userName: 'vigil', password: mqttPassword }, deviceKeys)
      .then(() => mosquitto.kill('SIGHUP'))
      .catch((error: unknown) => console.error('mosquitto auth refresh failed:', error))
      .finally(() => void handle.close());
  }, 30_000);
  refresh.unref();

  const seedDb = openDatabase({ databaseUrl, dataDir });
  simulation = await startDemoSimulation(seedDb.db, { brokerUrl: `mqtt://127.0.0.1:${mqttPort}`, dataDir, deviceKeys, print: (line) => console.error(line) });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
});
