import os from 'node:os';
import { REPORT_AFTER_WAKE_MINUTES } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import { lastNight, monitorSettings } from '../modules/reports/daily-reports.ts';
import { reanalyseReports } from '../modules/reports/reanalyse.ts';
import { reportRepository } from '../modules/reports/report.repository.ts';
import { settingsRepository } from '../modules/system/settings.repository.ts';
import type { TelemetryReader } from '../modules/reports/telemetry-reader.ts';
import { localDate, previousDate, zonedInstant } from '../modules/reports/zoned-time.ts';
import { createWorkerPool } from '../workers/pool.ts';
import { taskModule } from '../workers/task-module.ts';
import type { tasks } from './sleep-history-tasks.ts';

const historyTasks = taskModule<typeof tasks>(import.meta.url, './sleep-history-tasks');
/** Nights of history the demo shows (issue 11: daily reports for the last 14 nights). */
export const DEMO_HISTORY_NIGHTS = 14;
/** The writer name of the simulated history's chunks (the store's key is device, writer, opened). */
const WRITER = 'demo-history';
const MINUTE = 60_000;

/** A stable seed per device and night, so a restarted demo regenerates the same nights. */
function seedOf(deviceId: string, date: string): number {
  let hash = 2166136261;
  for (const char of `${deviceId}/${date}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * `npm run demo`: the last 14 nights of every demo resident with a sleep monitor, simulated
 * (the simulator's night generator, in the worker pool) into the telemetry store, then made into
 * daily and monthly reports by the same analysis as the nightly job (reanalyse). Nights that
 * already have a report are left as they are, so a restarted demo only fills the gap.
 */
export async function seedSleepHistory(db: Db, telemetry: TelemetryReader, now: number, print: (line: string) => void): Promise<{ nights: number; seconds: number }> {
  const started = performance.now();
  const reports = reportRepository(db);
  const zone = (await db.selectFrom('settings').select('value').where('key', '=', 'timeZone').executeTakeFirst())?.value ?? 'UTC';
  const residents = await reports.monitoredResidents();
  const workers = createWorkerPool({
    // Every core: the history is demo start-up work, done once; the server stays responsive meanwhile (one core is shared).
    size: Math.max(1, Math.min(4, os.availableParallelism())), queueLimit: 10_000, timeLimitMs: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 5_000, warm: 0,
  });
  try {
    const missing: { deviceId: string; residentId: number; date: string; from: number; to: number; bedTime: number; riseTime: number }[] = [];
    let date = localDate(now, zone);
    const dates: string[] = [];
    for (let index = 0; index < DEMO_HISTORY_NIGHTS; index += 1, date = previousDate(date)) dates.push(date);
    for (const day of dates) {
      // A "no data" report (the nightly job ran before the history was there) counts as missing.
      const reported = new Set((await db.selectFrom('daily_reports').select('resident_id').where('report_date', '=', day)
        .where((eb) => eb.or([eb('analysed', '=', 1), eb('reason', '!=', 'noData')])).execute()).map((row) => row.resident_id));
      for (const resident of residents) {
        if (reported.has(resident.residentId)) continue;
        const settings = monitorSettings(resident.settings);
        const wake = zonedInstant(day, settings.sleepSchedule.wakeTime, zone);
        const night = lastNight(wake + REPORT_AFTER_WAKE_MINUTES * MINUTE, settings, zone);
        if (night.to > now) continue;
        const bedDate = settings.sleepSchedule.bedTime > settings.sleepSchedule.wakeTime ? previousDate(day) : day;
        missing.push({ deviceId: resident.deviceId, residentId: resident.residentId, date: day, from: night.from, to: night.to, bedTime: zonedInstant(bedDate, settings.sleepSchedule.bedTime, zone), riseTime: wake });
      }
    }
    if (missing.length === 0) {
      print(`Demo sleep history: every one of the last ${DEMO_HISTORY_NIGHTS} nights already has a report`);
      return { nights: 0, seconds: 0 };
    }
    // Generate in the pool (a few at a time in flight), store each night's chunks as it comes back.
    const queue = [...missing];
    const lanes = Array.from({ length: Math.max(2, workers.size + 1) }, async () => {
      for (let night = queue.shift(); night; night = queue.shift()) {
        const chunks = await workers.run(historyTasks, 'nightChunks', { seed: seedOf(night.deviceId, night.date), bedTime: night.bedTime, riseTime: night.riseTime, from: night.from, to: night.to });
        for (let index = 0; index < chunks.length; index += 200) {
          await db.insertInto('telemetry_chunks').values(chunks.slice(index, index + 200).map((chunk) => ({
            device_id: night.deviceId, writer: WRITER, opened_at: chunk.startAt, start_at: chunk.startAt, end_at: chunk.endAt, sample_count: chunk.sampleCount, data: Buffer.from(chunk.data),
          }))).onConflict((conflict) => conflict.columns(['device_id', 'writer', 'opened_at']).doNothing()).execute();
        }
      }
    });
    await Promise.all(lanes);
    const from = missing.reduce((earliest, night) => (night.date < earliest ? night.date : earliest), missing[0].date);
    const to = missing.reduce((latest, night) => (night.date > latest ? night.date : latest), missing[0].date);
    const result = await reanalyseReports({ reports, settings: settingsRepository(db), telemetry, workers, now, onFailure: (residentId, error) => print(`Demo sleep history: resident ${residentId} not analysed (${error instanceof Error ? error.message : String(error)})`) }, { from, to });
    const seconds = (performance.now() - started) / 1000;
    print(`Demo sleep history: ${missing.length} simulated nights of ${residents.length} residents stored and ${result.made} reports made in ${seconds.toFixed(1)} s`);
    return { nights: missing.length, seconds };
  } finally {
    await workers.close();
  }
}
