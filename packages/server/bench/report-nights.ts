/**
 * bench:reports, second part: 1,000 bed-nights to stored daily reports through the nightly
 * job (samples read, columns transferred to the worker pool, analysed, stored, month remade).
 * SQLite always; PostgreSQL too when DATABASE_URL is set (a scratch database beside it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateNightSet } from '@vigil/simulator';
import type { TelemetrySample } from '@vigil/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { dailyReportMaker } from '../src/modules/reports/daily-reports.ts';
import { reportRepository } from '../src/modules/reports/report.repository.ts';
import type { TelemetryReader } from '../src/modules/reports/telemetry-reader.ts';
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

/** Stand-in for the telemetry store: 20 simulated nights shared round-robin by the devices. */
function simulatedTelemetry(): TelemetryReader {
  const nights = generateNightSet({ seed: 99, count: DISTINCT_NIGHTS, firstBedTime: WAKE - 10 * 3_600_000 }).map((night) => {
    const shift = Math.round((night.truth.start - (WAKE - 10 * 3_600_000)) / 86_400_000) * 86_400_000;
    return night.samples(night.truth.start, night.truth.end).map((sample): TelemetrySample => ({ ...sample, t: sample.t - shift }));
  });
  return {
    async read(deviceId, from, to) {
      const index = Number(deviceId.replace(/\D/g, '')) % DISTINCT_NIGHTS;
      return nights[index].filter((sample) => sample.t >= from && sample.t < to);
    },
  };
}

async function run(label: string, databaseUrl: string | null): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const vigil = await buildApp(config, { print: () => {} });
  // The app's pool shape: one worker per spare core, at most 4.
  const workers = createWorkerPool({ size: Math.max(1, Math.min(4, os.availableParallelism() - 1)), queueLimit: 16, timeLimitMs: 30_000, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 60_000, warm: 0 });
  try {
    const db = vigil.database.db;
    await seed(db);
    const maker = dailyReportMaker({ reports: reportRepository(db), settings: settingsRepository(db), telemetry: simulatedTelemetry(), workers });
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const result = await maker.makeDailyReports(WAKE + 12 * 60_000);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const mainCpu = process.cpuUsage(cpu);
    console.log(`${label}: ${result.made} bed-nights to stored reports in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, result.made)).toFixed(1)} ms each; ${result.failed} failed; ${workers.size} worker(s); main-thread CPU ${((mainCpu.user + mainCpu.system) / 1e6).toFixed(1)} s; load ${os.loadavg()[0].toFixed(1)})`);
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
  console.log(`${BED_NIGHTS} bed-nights (10 h, 1 Hz) to stored reports; samples from an in-memory stand-in for ingest's telemetry store (store reads not included)`);
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
