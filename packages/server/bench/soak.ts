/**
 * Soak (bench:soak): Vigil under a steady working load for a long time, to see that it does not
 * degrade. The demo care home with its simulated devices, plus SOAK_RATE telemetry messages a
 * second (default 5,000) from SOAK_DEVICES extra devices over real MQTT, SOAK_SOCKETS live
 * sockets (default 200), an SOS alarm every 10 s handled from the console API, and the report
 * jobs (sleep reports, statistics, night handover) every 5 minutes; on SQLite, then on PostgreSQL
 * when DATABASE_URL is set. Every SOAK_EVERY_MINUTES (default 10) and at the end it prints RSS,
 * heap, event-loop delay p99, open handles, database size and WAL; then the targets: RSS growth
 * at most 50 MB after the first interval, event-loop p99 at most 50 ms, no error lines, WAL bounded.
 *
 *   npm run bench:soak                       (60 minutes per database)
 *   SOAK_MINUTES=5 SOAK_EVERY_MINUTES=1 npm run bench:soak
 *
 * The per-device flood limit is lifted for the extra devices (each sends SOAK_RATE/SOAK_DEVICES
 * messages a second, above what one real device may send): the bench measures Vigil, not the policy.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import * as api from '@vigil/contracts';
import { sql } from 'kysely';
import { buildApp, type Vigil } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { startDemoSimulation, demoBrokerUrl } from '../src/demo/simulate.ts';
import { freshPostgres } from '../src/test/harness.ts';
import type { SoakLoadJob } from './soak-load.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 60);
const EVERY_MINUTES = Number(process.env.SOAK_EVERY_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 5000);
const DEVICES = Number(process.env.SOAK_DEVICES ?? 500);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 200);
const ALARM_EVERY_MS = 10_000;
const JOBS_EVERY_MS = 5 * 60_000;
const RSS_GROWTH_MAX_MB = 50;
const LOOP_P99_MAX_MS = 50;

interface Sample {
  minute: number;
  seconds: number;
  rssMb: number;
  heapMb: number;
  loopP99Ms: number;
  handles: number;
  dbMb: number;
  walMb: number;
  /** PostgreSQL: the WAL the server keeps at most (max_wal_size); null on SQLite. */
  walLimitMb: number | null;
  accepted: number;
  dropped: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

async function metricSum(vigil: Vigil, pattern: RegExp): Promise<number> {
  const text = (await vigil.app.inject({ method: 'GET', url: '/metrics' })).body;
  return text.split('\n').filter((line) => pattern.test(line)).reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

async function databaseSize(vigil: Vigil, dataDir: string): Promise<{ dbMb: number; walMb: number; walLimitMb: number | null }> {
  if (vigil.database.dialect === 'sqlite') {
    const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
    return { dbMb: mb(size(path.join(dataDir, 'vigil.db'))), walMb: mb(size(path.join(dataDir, 'vigil.db-wal'))), walLimitMb: null };
  }
  const limit = await sql<{ setting: string }>`select setting from pg_settings where name = 'max_wal_size'`.execute(vigil.database.db);
  const db = Number((await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(vigil.database.db)).rows[0]?.bytes ?? 0);
  // The server's whole WAL directory (shared by every database of the cluster; needs superuser or pg_monitor).
  const wal = await sql<{ bytes: string }>`select coalesce(sum(size), 0) as bytes from pg_ls_waldir()`.execute(vigil.database.db).then(
    (result) => Number(result.rows[0]?.bytes ?? 0),
    () => Number.NaN,
  );
  return { dbMb: mb(db), walMb: mb(wal), walLimitMb: Number(limit.rows[0]?.setting ?? Number.NaN) };
}

async function soak(databaseUrl: string | null): Promise<{ label: string; samples: Sample[]; errors: string[]; published: number; failed: number; frames: number; alarms: number; handled: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-soak-'));
  const errors: string[] = [];
  const logStream = {
    write(line: string) {
      try {
        if ((JSON.parse(line) as { level?: number }).level! >= 50) errors.push(line.trim());
      } catch {
        errors.push(line.trim());
      }
    },
  };
  const config = loadConfig({
    VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn', MQTT_PORT: '0', PORT: '0', VIGIL_ADMIN_USER: 'soakadmin', VIGIL_ADMIN_PASSWORD: 'Soak#Admin2026',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const vigil = await buildApp(config, { print: () => {}, logStream, ingest: { floodRatePerS: 1e6, floodBurst: 1e6 } });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let load: ReturnType<typeof spawn> | null = null;
  let simulation: Awaited<ReturnType<typeof startDemoSimulation>> = null;
  const timers: NodeJS.Timeout[] = [];
  try {
    await seedDemo(vigil.database.db, Date.now, { devices: true, deviceKeys: vigil.deviceKeys });
    await vigil.devices.directory.reload();
    await vigil.app.listen({ port: 0, host: '127.0.0.1' });
    const httpUrl = `http://127.0.0.1:${(vigil.app.server.address() as AddressInfo).port}`;
    const mqttUrl = demoBrokerUrl(config.mqttUrl, vigil.mqttPort);
    const { db } = vigil.database;
    // The demo's simulator first: it simulates every device of the demo homes it finds, the extra ones are the load's.
    simulation = await startDemoSimulation(db, { brokerUrl: mqttUrl, dataDir, deviceKeys: vigil.deviceKeys, print: () => {} });
    const home = await db.selectFrom('providers').select('id').where('name', '=', 'Sunrise Riverside Home').executeTakeFirstOrThrow();
    const now = Date.now();
    const extra = Array.from({ length: DEVICES }, (_, index) => ({ deviceId: `SOAK-${index}-${crypto.randomBytes(3).toString('hex')}`, key: crypto.randomBytes(16).toString('hex') }));
    for (let index = 0; index < extra.length; index += 200) {
      await db.insertInto('devices').values(extra.slice(index, index + 200).map((device) => ({
        device_id: device.deviceId, cipher_id: `C${device.deviceId}`, device_type: 49, device_key: vigil.deviceKeys.seal(device.key), provider_id: home.id, pairing: 'none', remark: '', location: '', settings: '{}', online: 0, created_at: now, updated_at: now,
      }))).execute();
    }
    await vigil.devices.directory.reload();

    const login = async (userName: string) => {
      const reply = await vigil.app.inject({ method: 'POST', url: `/api${api.login.path}`, payload: { userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false } });
      return (reply.json() as { data: api.LoginResult }).data;
    };
    const nurse = await login('demotwoa');
    const socketKeys = [nurse.key, (await login('demoone')).key, (await login('demotwob')).key];
    const job: SoakLoadJob = { mqttUrl, httpUrl, devices: extra, rate: RATE, sockets: SOCKETS, socketKeys };
    // Device keys go in a file only this user reads, not on the command line.
    const jobFile = path.join(dataDir, 'soak-load.json');
    fs.writeFileSync(jobFile, JSON.stringify(job), { mode: 0o600 });
    load = spawn(process.execPath, ['--import', 'tsx', new URL('./soak-load.ts', import.meta.url).pathname, jobFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let loadReport = { published: 0, failed: 0, frames: 0, socketsOpen: 0 };
    readline.createInterface({ input: load.stdout! }).on('line', (line) => {
      try {
        loadReport = JSON.parse(line) as typeof loadReport;
      } catch {
        // not a report line
      }
    });

    // Alarms and their handling: an SOS from a demo button every 10 s, handled from the console.
    const sos = await db.selectFrom('devices').select(['device_id', 'device_type', 'provider_id', 'room_id']).where('device_type', '=', 20993).where('provider_id', '=', home.id).executeTakeFirstOrThrow();
    let alarms = 0;
    let handled = 0;
    const call = async (operation: { path: string }, payload: object) =>
      (await vigil.app.inject({ method: 'POST', url: `/api${operation.path}`, payload, headers: { 's-token': nurse.token } })).json() as { status: number; data: { id: number } & { rows?: { id: number; dealState: string }[] } };
    timers.push(setInterval(() => {
      void (async () => {
        await vigil.bus.publish('device.event', {
          deviceId: sos.device_id, deviceType: sos.device_type, receivedAt: Date.now(), providerId: home.id, bedId: null, roomId: sos.room_id, residentId: null, subDevice: null,
          event: { ts: Date.now(), type: 'sos', status: 1 },
        });
        alarms += 1;
        const open = await call(api.alarmLogList, { dealState: 'unDeal', pageSize: 20 });
        for (const row of open.data.rows ?? []) {
          if ((await call(api.alarmDealStatus, { id: row.id, dealOption: 'CHECKED' })).status === 200) handled += 1;
        }
      })().catch((error: unknown) => errors.push(`soak alarm loop: ${String(error)}`));
    }, ALARM_EVERY_MS));
    // Report jobs on top of their own schedule.
    const runJobs = () =>
      void (async () => {
        for (const name of ['sleep-daily-reports', 'statistics-snapshots', 'night-handover']) await vigil.scheduler.runNow(name);
      })().catch((error: unknown) => errors.push(`soak jobs: ${String(error)}`));
    timers.push(setInterval(runJobs, JOBS_EVERY_MS));
    runJobs();

    const label = vigil.database.dialect;
    const samples: Sample[] = [];
    const started = Date.now();
    loop.enable();
    const sample = async (): Promise<Sample> => {
      const memory = process.memoryUsage();
      const size = await databaseSize(vigil, dataDir);
      const entry: Sample = {
        minute: Math.round((Date.now() - started) / 60_000),
        seconds: (Date.now() - started) / 1000,
        rssMb: mb(memory.rss),
        heapMb: mb(memory.heapUsed),
        loopP99Ms: loop.percentile(99) / 1e6,
        handles: process.getActiveResourcesInfo().length,
        ...size,
        accepted: await metricSum(vigil, /^vigil_device_messages_total\{.*result="accepted"/),
        dropped: await metricSum(vigil, /^vigil_device_messages_dropped_total/),
      };
      loop.reset();
      console.log(
        `  [${label} ${String(entry.minute).padStart(3)} min] RSS ${entry.rssMb.toFixed(0)} MB, heap ${entry.heapMb.toFixed(0)} MB, event-loop p99 ${entry.loopP99Ms.toFixed(1)} ms, ` +
          `${entry.handles} open handles, database ${entry.dbMb.toFixed(0)} MB, WAL ${entry.walMb.toFixed(1)} MB; ${entry.accepted} messages accepted, ${entry.dropped} dropped; ` +
          `load: ${loadReport.published} telemetry published, ${loadReport.socketsOpen} sockets open, ${loadReport.frames} frames; ${alarms} alarms raised, ${handled} handled`,
      );
      return entry;
    };
    const end = started + MINUTES * 60_000;
    let next = started + EVERY_MINUTES * 60_000;
    while (Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(next, end) - Date.now())));
      if (Date.now() >= next || Date.now() >= end) {
        samples.push(await sample());
        next += EVERY_MINUTES * 60_000;
      }
    }
    for (const timer of timers) clearInterval(timer);
    load.kill('SIGTERM');
    await new Promise((resolve) => load!.once('exit', resolve));
    load = null;
    return { label, samples, errors, published: loadReport.published, failed: loadReport.failed, frames: loadReport.frames, alarms, handled };
  } finally {
    for (const timer of timers) clearInterval(timer);
    loop.disable();
    load?.kill('SIGKILL');
    await simulation?.stop();
    await vigil.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:soak: ${MINUTES} min per database; demo care home with simulated devices + ${RATE} telemetry msg/s from ${DEVICES} devices, ${SOCKETS} live sockets, an SOS every 10 s handled, report jobs every 5 min`);
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} (shared with other work)`);
const runs = [await soak(null)];
const baseUrl = process.env.DATABASE_URL?.trim();
if (baseUrl) {
  const scratch = await freshPostgres(baseUrl);
  try {
    runs.push(await soak(scratch.url));
  } finally {
    await scratch.drop();
  }
}
let failed = false;
for (const run of runs) {
  const first = run.samples[0];
  const last = run.samples.at(-1);
  if (!first || !last) continue;
  const growth = last.rssMb - first.rssMb;
  const worstLoop = Math.max(...run.samples.map((entry) => entry.loopP99Ms));
  const walMax = Math.max(...run.samples.map((entry) => entry.walMb));
  const rate = last === first ? last.accepted / last.seconds : (last.accepted - first.accepted) / (last.seconds - first.seconds);
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(`${run.label}: ${run.published} telemetry messages published (${run.failed} failed), ${Math.round(rate)} msg/s accepted after the first interval, ${run.frames} socket frames, ${run.alarms} alarms raised, ${run.handled} handled`);
  console.log(`  RSS growth after the first interval: ${growth.toFixed(1)} MB (target ≤ ${RSS_GROWTH_MAX_MB}) ${verdict(growth <= RSS_GROWTH_MAX_MB)}`);
  console.log(`  event-loop p99, worst interval: ${worstLoop.toFixed(1)} ms (target ≤ ${LOOP_P99_MAX_MS}) ${verdict(worstLoop <= LOOP_P99_MAX_MS)}`);
  console.log(`  error lines: ${run.errors.length} ${verdict(run.errors.length === 0)}${run.errors.slice(0, 5).map((line) => `\n    ${line.slice(0, 300)}`).join('')}`);
  if (last.walLimitMb === null) {
    const firstHalf = Math.max(...run.samples.slice(0, Math.ceil(run.samples.length / 2)).map((entry) => entry.walMb));
    console.log(`  WAL: largest ${walMax.toFixed(1)} MB, at the end ${last.walMb.toFixed(1)} MB (bounded: the end no larger than the largest of the first half + 1 MB) ${verdict(last.walMb <= firstHalf + 1)}`);
  } else {
    // PostgreSQL's WAL directory serves the whole server (every database on it); it is bounded by max_wal_size.
    console.log(`  WAL (the whole PostgreSQL server's): largest ${walMax.toFixed(1)} MB, at the end ${last.walMb.toFixed(1)} MB (bounded: within max_wal_size ${last.walLimitMb} MB) ${verdict(walMax <= last.walLimitMb)}`);
  }
  failed ||= growth > RSS_GROWTH_MAX_MB || worstLoop > LOOP_P99_MAX_MS || run.errors.length > 0;
}
process.exit(failed ? 1 : 0);
