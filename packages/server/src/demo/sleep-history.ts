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

/** Nights made first: the report list and each resident's latest reports are there within a minute of the console answering. */
export const DEMO_FIRST_NIGHTS = 2;

/** One night to simulate: whose, which report date, and its window. */
interface MissingNight {
  deviceId: string;
  residentId: number;
  date: string;
  from: number;
  to: number;
  bedTime: number;
  riseTime: number;
}

/** What one call made: simulated nights, and how long it took from its start. */
export interface HistoryMade {
  nights: number;
  seconds: number;
}

export interface SleepHistoryOptions {
  /** Nights back from today to fill, the first ones first (1–14; the demo's 14 by default; VIGIL_DEMO_HISTORY_NIGHTS). */
  nights?: number;
  /** Awaited once the first nights' reports are stored, before the older nights are made. */
  onFirstNights?: (made: HistoryMade) => Promise<void> | void;
}

/**
 * `npm run demo`: the last 14 nights of every demo resident with a sleep monitor, simulated
 * (the simulator's night generator, in the worker pool) into the telemetry store, then made into
 * daily and monthly reports by the same analysis as the nightly job (reanalyse). The last two
 * nights come first, on every core, so the console has each resident's latest reports within a
 * minute; the 12 before them follow on one worker, leaving a core to the people using the
 * console. Nights that already have a report are left as they are, so a restarted demo only
 * fills the gap.
 */
export async function seedSleepHistory(db: Db, telemetry: TelemetryReader, now: number, print: (line: string) => void, options: SleepHistoryOptions = {}): Promise<HistoryMade> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const nights = Math.max(1, Math.min(DEMO_HISTORY_NIGHTS, Math.floor(options.nights ?? DEMO_HISTORY_NIGHTS)));
  const reports = reportRepository(db);
  const zone = (await db.selectFrom('settings').select('value').where('key', '=', 'timeZone').executeTakeFirst())?.value ?? 'UTC';
  const residents = await reports.monitoredResidents();
  const dates: string[] = [];
  for (let index = 0, date = localDate(now, zone); index < nights; index += 1, date = previousDate(date)) dates.push(date);
  const missing: MissingNight[] = [];
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
    print(`Demo sleep history: every one of the last ${nights} nights already has a report`);
    return { nights: 0, seconds: 0 };
  }
  const firstDates = new Set(dates.slice(0, DEMO_FIRST_NIGHTS));
  const first = missing.filter((night) => firstDates.has(night.date));
  const rest = missing.filter((night) => !firstDates.has(night.date));
  const onFailure = (residentId: number, error: unknown) => print(`Demo sleep history: resident ${residentId} not analysed (${error instanceof Error ? error.message : String(error)})`);
  let made = 0;
  if (first.length > 0) {
    // Every core (up to 4): the history is demo start-up work, done once; the server stays responsive meanwhile.
    made += await makeNights(db, telemetry, now, first, Math.max(1, Math.min(4, os.availableParallelism())), onFailure);
    const done = { nights: first.length, seconds: elapsed() };
    const later = rest.length > 0 ? `; the ${dates.length - firstDates.size} nights before follow` : '';
    const which = firstDates.size === 1 ? 'last night' : `last ${firstDates.size} nights`;
    print(`Demo sleep history: the ${which} of ${residents.length} residents are ready (${made} reports in ${done.seconds.toFixed(1)} s)${later}`);
    await options.onFirstNights?.(done);
  }
  if (rest.length > 0) made += await makeNights(db, telemetry, now, rest, 1, onFailure);
  const seconds = elapsed();
  print(`Demo sleep history: ${missing.length} simulated nights of ${residents.length} residents stored and ${made} reports made in ${seconds.toFixed(1)} s`);
  return { nights: missing.length, seconds };
}

/**
 * Simulates the nights in a pool of `size` workers (a few in flight), stores each night's chunks as
 * it comes back, then makes their dates' reports (reanalyse); answers how many reports it made.
 */
async function makeNights(db: Db, telemetry: TelemetryReader, now: number, nights: readonly MissingNight[], size: number, onFailure: (residentId: number, error: unknown) => void): Promise<number> {
  const workers = createWorkerPool({
    size, queueLimit: 10_000, timeLimitMs: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 5_000, warm: 0,
  });
  try {
    const queue = [...nights];
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
    const from = nights.reduce((earliest, night) => (night.date < earliest ? night.date : earliest), nights[0].date);
    const to = nights.reduce((latest, night) => (night.date > latest ? night.date : latest), nights[0].date);
    const result = await reanalyseReports({ reports: reportRepository(db), settings: settingsRepository(db), telemetry, workers, now, onFailure }, { from, to });
    return result.made;
  } finally {
    await workers.close();
  }
}
