/**
 * bench:reports, second part: 1,000 bed-nights from the telemetry store to stored daily reports
 * through the nightly job (chunks read, moved to the worker pool, decoded and analysed there,
 * stored, month remade).
 * SQLite always; PostgreSQL too when DATABASE_URL is set (a scratch database beside it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateNightSet } from '@vigil/simulator';
import type { TelemetrySample } from '@vigil/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { dailyReportMaker } from '../src/modules/reports/daily-reports.ts';
import { reportRepository } from '../src/modules/reports/report.repository.ts';
import { ChunkEncoder } from '../src/ingest/telemetry-codec.ts';
import { CHUNK_SAMPLES_MAX } from '../src/ingest/telemetry-store.ts';
import { settingsRepository } from '../src/modules/system/settings.repository.ts';
import { createWorkerPool } from '../src/workers/pool.ts';
import { freshPostgres } from '../src/test/harness.ts';

export const BED_NIGHTS = 1000;
const DISTINCT_NIGHTS = 20;
/** Every resident sleeps 21:00–07:00 (the default schedule), UTC platform time zone, on 2026-03-10. */
const WAKE = Date.UTC(2026, 2, 10, 7, 0);

async function seed(db: Db): Promise<void> {
  const now = Date.now();
  const provider = await db.insertInto('providers').values({ name: 'Bench Nights', name_key: 'bench nights', code: `bn${crypto.randomBytes(3).toString('hex')}`, domain: '', level: 2, parent_id: null, enabled: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < BED_NIGHTS; start += 100) {
      const residents = await trx.insertInto('residents').values(Array.from({ length: 100 }, (_, index) => ({
        provider_id: provider.id, name: `Sleeper ${start + index}`, name_key: `sleeper ${start + index}`, gender: 1 as const, birth_date: '1940-01-01', height_cm: null, weight_kg: null,
        medical_history: '', remark: '', care_level: null, attention: 0 as const, state: 'admitted', check_in_at: now, check_out_at: null, deregistered_at: null, bed_id: null, created_at: now, updated_at: now,
      }))).returning('id').execute();
      await trx.insertInto('devices').values(residents.map((resident) => ({
        device_id: `BENCH-${resident.id}`, cipher_id: crypto.randomBytes(10).toString('hex'), device_type: 49, device_key: 'x', provider_id: provider.id, resident_id: resident.id,
        settings: '{}', remark: '', online: 1 as const, pairing: 'none', location: '', created_at: now, updated_at: now,
      }))).execute();
    }
  });
}

/**
 * Fills ingest's telemetry store: 20 simulated nights (10 h at 1 Hz) shared round-robin by the
 * devices, packed into chunks as ingest packs them and written in batches (not timed).
 */
async function seedTelemetry(db: Db): Promise<void> {
  const nights = generateNightSet({ seed: 99, count: DISTINCT_NIGHTS, firstBedTime: WAKE - 10 * 3_600_000 }).map((night) => {
    const shift = Math.round((night.truth.start - (WAKE - 10 * 3_600_000)) / 86_400_000) * 86_400_000;
    const samples = night.samples(night.truth.start, night.truth.end).map((sample): TelemetrySample => ({ ...sample, t: sample.t - shift }));
    const chunks: { start_at: number; end_at: number; sample_count: number; data: Buffer }[] = [];
    for (let index = 0; index < samples.length; index += CHUNK_SAMPLES_MAX) {
      const encoder = new ChunkEncoder();
      for (const sample of samples.slice(index, index + CHUNK_SAMPLES_MAX)) encoder.append(sample);
      chunks.push({ start_at: encoder.minT, end_at: encoder.maxT, sample_count: encoder.count, data: encoder.bytes() });
    }
    return chunks;
  });
  const devices = await db.selectFrom('devices').select('device_id').where('device_id', 'like', 'BENCH-%').execute();
  for (let start = 0; start < devices.length; start += 20) {
    await db.transaction().execute(async (trx) => {
      for (const device of devices.slice(start, start + 20)) {
        const chunks = nights[Number(device.device_id.replace(/\D/g, '')) % DISTINCT_NIGHTS];
        for (let index = 0; index < chunks.length; index += 200) {
          await trx.insertInto('telemetry_chunks').values(chunks.slice(index, index + 200).map((chunk) => ({ device_id: device.device_id, writer: 'bench', opened_at: chunk.start_at, ...chunk }))).execute();
        }
      }
    });
  }
}

async function run(label: string, databaseUrl: string | null): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
  // The app's clock stands two hours before the wake time: its own nightly job (run at start) finds nothing due,
  // and its housekeeping does not purge the March nights as old raw data (the retention is raised as well).
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VIGIL_RAW_RETENTION_DAYS: '3650', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const vigil = await buildApp(config, { print: () => {}, now: () => WAKE - 2 * 3_600_000 });
  // The app's pool shape: one worker per spare core, at most 4.
  const workers = createWorkerPool({ size: Math.max(1, Math.min(4, os.availableParallelism() - 1)), queueLimit: 16, timeLimitMs: 30_000, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 60_000, warm: 0 });
  try {
    const db = vigil.database.db;
    await seed(db);
    const seeding = performance.now();
    await seedTelemetry(db);
    console.log(`${label}: telemetry store filled in ${((performance.now() - seeding) / 1000).toFixed(1)} s (not timed below)`);
    const maker = dailyReportMaker({ reports: reportRepository(db), settings: settingsRepository(db), telemetry: vigil.telemetry, workers });
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    const started = process.hrtime.bigint();
    const result = await maker.makeDailyReports(WAKE + 12 * 60_000);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // process.cpuUsage counts every thread (the event loop and the analysis workers); the loop's own busy time is its utilization.
    const allCpu = process.cpuUsage(cpu);
    const loopBusy = performance.eventLoopUtilization(loop);
    console.log(`${label}: ${result.made} bed-nights to stored reports in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, result.made)).toFixed(1)} ms each; ${result.failed} failed; ${workers.size} worker(s)); CPU of all threads ${((allCpu.user + allCpu.system) / 1e6).toFixed(1)} s (${((allCpu.user + allCpu.system) / 1e3 / Math.max(1, result.made)).toFixed(1)} ms a bed-night), event loop busy ${(loopBusy.active / 1000).toFixed(1)} s; load ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
    const stored = await db.selectFrom('daily_reports').where('report_date', '=', '2026-03-10')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('analysed').as('analysed'), eb.fn.avg<number>('score').as('score')]).executeTakeFirstOrThrow();
    console.log(`${label}: ${stored.n} reports of the night stored, ${Number(stored.analysed)} analysed, mean score ${Number(stored.score).toFixed(1)}`);
    const again = await maker.makeDailyReports(WAKE + 14 * 60_000);
    console.log(`${label}: a second run makes ${again.made} (never twice)`);
  } finally {
    await workers.close();
    await vigil.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the 1,000 bed-nights figure on SQLite, and on PostgreSQL when DATABASE_URL is set. */
export async function benchReportNights(): Promise<void> {
  console.log(`${BED_NIGHTS} bed-nights (10 h, 1 Hz) from ingest's telemetry store to stored daily and monthly reports (chunks read, moved to the worker pool, decoded and analysed there, reports stored)`);
  await run('SQLite', null);
  const base = process.env.DATABASE_URL;
  if (base) {
    const scratch = await freshPostgres(base);
    try {
      await run('PostgreSQL', scratch.url);
    } finally {
      await scratch.drop();
    }
  }
}
