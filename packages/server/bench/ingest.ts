/**
 * Ingest benchmark (bench:ingest): simulated devices over real MQTT into Vigil with
 * persistence on (embedded broker, SQLite; PostgreSQL too when DATABASE_URL is set), and,
 * in the same run, the bare broker (Aedes, no Vigil) relaying the same load to one QoS 0
 * subscriber. Prints messages per second sustained, Vigil's CPU, bytes stored per bed-day
 * and the ratio to the bare broker. The load runs in its own process. Asserts nothing.
 *
 *   npm run bench:ingest
 *   BENCH_SECONDS=10 BENCH_DEVICES=200 npm run bench:ingest
 */
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Aedes } from 'aedes';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { buildApp, type Vigil } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freshPostgres } from '../src/test/harness.ts';
import type { MqttLoadJob, MqttLoadResult } from './mqtt-load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 16);
const DAY_SAMPLES = 86_400;

function load(job: MqttLoadJob): Promise<MqttLoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./mqtt-load.ts', import.meta.url), [JSON.stringify(job)], { execArgv: ['--import', 'tsx'] });
    child.once('message', (result: MqttLoadResult) => resolve(result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

function cpuPercent(before: NodeJS.CpuUsage, wallMs: number): number {
  const used = process.cpuUsage(before);
  return ((used.user + used.system) / 1000 / wallMs) * 100;
}

const devices = (prefix: string, withKeys: boolean) =>
  Array.from({ length: DEVICES }, (_, index) => ({ deviceId: `${prefix}-${index}-${crypto.randomBytes(3).toString('hex')}`, key: withKeys ? crypto.randomBytes(16).toString('hex') : null }));

/** The bare broker: Aedes with no hooks, one subscriber client counting what it relays. */
async function bareBroker(): Promise<{ rate: number; cpu: number }> {
  const broker = await Aedes.createBroker();
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'bench-subscriber', reconnectPeriod: 0 });
  await subscriber.subscribeAsync('vigil/v1/+/+', { qos: 0 });
  let received = 0;
  subscriber.on('message', () => void received++);
  const cpu = process.cpuUsage();
  const started = Date.now();
  const result = await load({ url: `mqtt://127.0.0.1:${port}`, devices: devices('RAW', false), seconds: SECONDS, window: WINDOW, start: Date.now() - 86_400_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const wall = Date.now() - started;
  const out = { rate: received / (SECONDS + 0.3), cpu: cpuPercent(cpu, wall) };
  console.log(`  load generator: ${result.published} published, CPU ${((result.cpuMs / wall) * 100).toFixed(0)}%`);
  await subscriber.endAsync(true);
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  server.close();
  return out;
}

async function telemetryBytes(vigil: Vigil): Promise<number> {
  const { db, dialect } = vigil.database;
  if (dialect === 'postgres') {
    await sql`vacuum telemetry_chunks`.execute(db);
    return Number((await sql<{ bytes: string }>`select pg_total_relation_size('telemetry_chunks') as bytes`.execute(db)).rows[0]?.bytes);
  }
  return Number((await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat where name = 'telemetry_chunks' or name like 'telemetry_chunks_%'`.execute(db)).rows[0]?.bytes);
}

async function metricValue(vigil: Vigil, pattern: RegExp): Promise<number> {
  const text = (await vigil.app.inject({ method: 'GET', url: '/metrics' })).body;
  return text.split('\n').filter((line) => pattern.test(line)).reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

async function vigilRun(databaseUrl: string | null): Promise<{ label: string; rate: number; cpu: number; dropped: number; bytesPerBedDay: number; writeP: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-ingest-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  // The per-device rate limit is a policy, not a capacity: lifted so the bench measures what ingest can take.
  const vigil = await buildApp(config, { print: () => {}, ingest: { floodRatePerS: 1e9, floodBurst: 1e9 } });
  try {
    const simulated = devices('BENCH', true);
    const now = Date.now();
    for (let index = 0; index < simulated.length; index += 200) {
      await vigil.database.db
        .insertInto('devices')
        .values(simulated.slice(index, index + 200).map((device) => ({
          device_id: device.deviceId, cipher_id: `C${device.deviceId}`, device_type: 49, device_key: vigil.deviceKeys.seal(device.key ?? ''), pairing: 'none', remark: '', location: '', settings: '{}', online: 0, created_at: now, updated_at: now,
        })))
        .execute();
    }
    await vigil.devices.directory.reload();
    const bytesBefore = await telemetryBytes(vigil);
    const acceptedBefore = await metricValue(vigil, /^vigil_device_messages_total\{.*result="accepted"/);
    const cpu = process.cpuUsage();
    const started = Date.now();
    const result = await load({ url: `mqtt://127.0.0.1:${vigil.mqttPort}`, devices: simulated, seconds: SECONDS, window: WINDOW, start: Date.now() - 86_400_000 });
    await vigil.devices.ingest.flush();
    const wall = Date.now() - started;
    const accepted = (await metricValue(vigil, /^vigil_device_messages_total\{.*result="accepted"/)) - acceptedBefore;
    const dropped = await metricValue(vigil, /^vigil_device_messages_dropped_total/);
    const samples = await metricValue(vigil, /^vigil_telemetry_samples_total /);
    const bytes = (await telemetryBytes(vigil)) - bytesBefore;
    const count = await vigil.database.db.selectFrom('telemetry_chunks').select((eb) => eb.fn.sum<number | string>('sample_count').as('n')).executeTakeFirst();
    const stored = Number(count?.n ?? 0);
    const writeP = `${(await metricValue(vigil, /^vigil_ingest_write_seconds_sum/)).toFixed(1)} s writing in ${await metricValue(vigil, /^vigil_ingest_write_seconds_count/)} batches`;
    console.log(`  load generator: ${result.published} published, CPU ${((result.cpuMs / wall) * 100).toFixed(0)}%`);
    if (stored !== samples) console.log(`  note: ${samples} samples accepted, ${stored} stored`);
    return { label: vigil.database.dialect, rate: accepted / (wall / 1000), cpu: cpuPercent(cpu, wall), dropped, bytesPerBedDay: stored > 0 ? (bytes / stored) * DAY_SAMPLES : 0, writeP };
  } finally {
    await vigil.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:ingest: ${DEVICES} simulated devices on real MQTT (QoS 1, ${WINDOW} in flight each), ${SECONDS} s per run; telemetry of 10 samples a message, an event every 50th`);
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} (shared with other work)`);
const raw = await bareBroker();
console.log(`bare broker (Aedes, one subscriber, no Vigil): ${Math.round(raw.rate)} msg/s relayed, broker process CPU ${raw.cpu.toFixed(0)}%`);
const runs = [await vigilRun(null)];
const baseUrl = process.env.DATABASE_URL?.trim();
if (baseUrl) {
  const scratch = await freshPostgres(baseUrl);
  try {
    runs.push(await vigilRun(scratch.url));
  } finally {
    await scratch.drop();
  }
}
for (const run of runs) {
  console.log(
    `Vigil (${run.label}, persistence on): ${Math.round(run.rate)} msg/s sustained (stored, then published), CPU ${run.cpu.toFixed(0)}% of one core, ` +
      `${(run.bytesPerBedDay / 1024).toFixed(0)} KB per bed-day, ${run.dropped} dropped, ${run.writeP}; ratio to the bare broker ${(run.rate / raw.rate).toFixed(2)}`,
  );
}
