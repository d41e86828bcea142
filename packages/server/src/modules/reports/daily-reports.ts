import { LEAVE_BED_MODE_SECONDS, type NightAnalysis, REPORT_AFTER_WAKE_MINUTES, SLEEP_MONITOR_DEFAULTS, SleepMonitorSettingsSchema, type SleepMonitorSettings } from '@vigil/contracts';
import { analyseMonth, toColumns } from '../../analysis/sleep/index.ts';
import { packChunks } from '../../analysis/sleep/chunk-columns.ts';
import { sleepTasks } from '../../analysis/sleep/sleep-task-module.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { nightSummaryOf } from './report.presenter.ts';
import type { DailyReportValues, MonitoredResident, ReportRepository } from './report.repository.ts';
import type { TelemetryReader } from './telemetry-reader.ts';
import { localDate, previousDate, zonedInstant } from './zoned-time.ts';

const MINUTE = 60_000;

/** The nightly job runs this often, so each report lands within 15 minutes after the wake time. */
export const DAILY_REPORT_JOB_EVERY_MS = 5 * MINUTE;
/** A report is made from this long after the wake time (leaving a job run before the 15 minutes are up). */
export const REPORT_DUE_AFTER_WAKE_MS = (REPORT_AFTER_WAKE_MINUTES - DAILY_REPORT_JOB_EVERY_MS / MINUTE) * MINUTE;
/** A report missed (server down) is still made this long after the wake time, never later. */
export const REPORT_CATCH_UP_MS = 12 * 60 * MINUTE;
/** The night's window opens this long before the scheduled bed time. */
export const WINDOW_BEFORE_BEDTIME_MS = 3 * 60 * MINUTE;

/** The device's sleep-monitor settings over the defaults (device-settings.ts), field by field: a bad or missing field reads as its default. */
export function monitorSettings(json: string): SleepMonitorSettings {
  let stored: unknown = {};
  try {
    stored = JSON.parse(json);
  } catch {
    stored = {};
  }
  const value = (key: string): unknown => (typeof stored === 'object' && stored !== null ? Reflect.get(stored, key) : undefined);
  const shape = SleepMonitorSettingsSchema.shape;
  const defaults = SLEEP_MONITOR_DEFAULTS;
  return {
    sensitivity: orDefault(shape.sensitivity.safeParse(value('sensitivity')), defaults.sensitivity),
    leaveBedMode: orDefault(shape.leaveBedMode.safeParse(value('leaveBedMode')), defaults.leaveBedMode),
    reportInterval: orDefault(shape.reportInterval.safeParse(value('reportInterval')), defaults.reportInterval),
    uploadRaw: orDefault(shape.uploadRaw.safeParse(value('uploadRaw')), defaults.uploadRaw),
    sleepSchedule: orDefault(shape.sleepSchedule.safeParse(value('sleepSchedule')), defaults.sleepSchedule),
  };
}

function orDefault<T>(parsed: { success: true; data: T } | { success: false }, fallback: T): T {
  return parsed.success ? parsed.data : fallback;
}

/** The night a report covers: its date (the morning's local date), window and wake instant. */
export interface NightWindow {
  date: string;
  from: number;
  to: number;
  wake: number;
}

/** The night ending at the most recent wake time at or before `now` (platform time zone). */
export function lastNight(now: number, settings: SleepMonitorSettings, timeZone: string): NightWindow {
  const { bedTime, wakeTime } = settings.sleepSchedule;
  let date = localDate(now, timeZone);
  let wake = zonedInstant(date, wakeTime, timeZone);
  if (wake > now) {
    date = previousDate(date);
    wake = zonedInstant(date, wakeTime, timeZone);
  }
  // A bed time later on the clock than the wake time is the evening before.
  const bedDate = bedTime > wakeTime ? previousDate(date) : date;
  const from = zonedInstant(bedDate, bedTime, timeZone) - WINDOW_BEFORE_BEDTIME_MS;
  return { date, from, to: Math.min(now, wake + REPORT_AFTER_WAKE_MINUTES * MINUTE), wake };
}

/** The stored columns of a night's analysis. */
export function reportValues(resident: MonitoredResident, night: NightWindow, analysis: NightAnalysis, now: number): DailyReportValues {
  const base = { provider_id: resident.providerId, resident_id: resident.residentId, device_id: resident.deviceId, report_date: night.date, window_from: night.from, window_to: night.to, analysis: JSON.stringify(analysis), created_at: now };
  if (!analysis.analysed) return { ...base, analysed: 0, reason: analysis.reason, sleep_minutes: analysis.sleepMinutes };
  return {
    ...base,
    analysed: 1,
    reason: null,
    score: analysis.score.value,
    sleep_minutes: analysis.sleepMinutes,
    time_in_bed_minutes: analysis.timeInBedMinutes,
    efficiency: analysis.efficiencyPercent,
    deep_share: analysis.deepSharePercent,
    wake_ups: analysis.wakeUps,
    left_bed_count: analysis.leftBed.count,
    body_movement_index: analysis.bodyMovementIndex,
    hr_mean: analysis.heartRate?.mean ?? null,
    rr_mean: analysis.breathRate?.mean ?? null,
    ahi: analysis.apnea.assessable ? analysis.apnea.ahi : null,
    apnea_grade: analysis.apnea.assessable ? analysis.apnea.grade : null,
    af_grade: analysis.afRisk.assessable ? analysis.afRisk.grade : null,
    bed_time: analysis.bedTime,
    wake_time: analysis.wakeTime,
  };
}

export interface DailyReportDeps {
  reports: ReportRepository;
  settings: SettingsRepository;
  telemetry: TelemetryReader;
  workers: WorkerPool;
  /** Reports analysed at once (each holds one night of samples in memory). */
  concurrency?: number;
  /** Told of a report that could not be made this run. */
  onFailure?: (resident: MonitoredResident, error: unknown) => void;
}

/**
 * The nightly job (docs/sleep-analysis.md): for each resident with a bound sleep monitor whose
 * wake time has passed by 10 minutes (and by less than 12 hours), makes the report of the night
 * ending at that wake time, unless there is one (unique resident + date: never twice). The
 * analysis runs in the worker pool; samples cross as transferred typed columns.
 */
export function dailyReportMaker(deps: DailyReportDeps) {
  async function analyse(resident: MonitoredResident, night: NightWindow, settings: SleepMonitorSettings): Promise<NightAnalysis> {
    const options = { from: night.from, to: night.to, leaveBedSeconds: LEAVE_BED_MODE_SECONDS[settings.leaveBedMode] };
    if (deps.telemetry.readChunks) {
      // The store's chunks go to the worker as they are (one moved buffer): decoding 36,000 samples stays off the event loop.
      const chunks = packChunks(await deps.telemetry.readChunks(resident.deviceId, night.from, night.to));
      const transfer = [chunks.bytes.buffer, chunks.ends.buffer].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
      return deps.workers.run(sleepTasks, 'analyseChunks', { chunks, options }, { transfer });
    }
    const samples = await deps.telemetry.read(resident.deviceId, night.from, night.to);
    const columns = toColumns(samples);
    const transfer = [columns.t.buffer, columns.hr.buffer, columns.rr.buffer, columns.move.buffer, columns.bed.buffer].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
    return deps.workers.run(sleepTasks, 'analyseNight', { columns, options }, { transfer });
  }

  async function remakeMonth(resident: MonitoredResident, month: string, now: number): Promise<void> {
    const nights = (await deps.reports.analysedNightsOfMonth(resident.residentId, month)).map(nightSummaryOf);
    await deps.reports.upsertMonthly({ provider_id: resident.providerId, resident_id: resident.residentId, month, nights: nights.length, analysis: JSON.stringify(analyseMonth(nights)), updated_at: now });
  }

  async function makeOne(resident: MonitoredResident, night: NightWindow, settings: SleepMonitorSettings, now: number): Promise<boolean> {
    const analysis = await analyse(resident, night, settings);
    const id = await deps.reports.insertDaily(reportValues(resident, night, analysis, now));
    if (id === null) return false;
    await remakeMonth(resident, night.date.slice(0, 7), now);
    return true;
  }

  /** Runs work over items in `concurrency` lanes; a failing item is counted and told, the others go on. */
  async function inLanes<T>(items: T[], residentOf: (item: T) => MonitoredResident, work: (item: T) => Promise<boolean>): Promise<{ made: number; failed: number }> {
    const queue = [...items];
    let made = 0;
    let failed = 0;
    const lanes = Array.from({ length: Math.max(1, deps.concurrency ?? 2) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        try {
          if (await work(item)) made += 1;
        } catch (error) {
          // One resident's failure (a busy pool, a store error) must not hold back the others.
          failed += 1;
          deps.onFailure?.(residentOf(item), error);
        }
      }
    });
    await Promise.all(lanes);
    return { made, failed };
  }

  return {
    /** Makes every report due at `now`; answers how many were made and how many failed (tried again next run). */
    async makeDailyReports(now: number): Promise<{ made: number; failed: number }> {
      const timeZone = (await deps.settings.get('timeZone')) ?? 'UTC';
      const due: { resident: MonitoredResident; night: NightWindow; settings: SleepMonitorSettings }[] = [];
      for (const resident of await deps.reports.monitoredResidents()) {
        const settings = monitorSettings(resident.settings);
        const night = lastNight(now, settings, timeZone);
        if (now - night.wake >= REPORT_DUE_AFTER_WAKE_MS && now - night.wake < REPORT_CATCH_UP_MS) due.push({ resident, night, settings });
      }
      const byDate = new Map<string, number[]>();
      for (const item of due) byDate.set(item.night.date, [...(byDate.get(item.night.date) ?? []), item.resident.residentId]);
      const reported = new Set<string>();
      for (const [date, ids] of byDate) for (const id of await deps.reports.residentsReported(ids, date)) reported.add(`${id}/${date}`);
      const queue = due.filter((item) => !reported.has(`${item.resident.residentId}/${item.night.date}`));
      return inLanes(queue, (item) => item.resident, (item) => makeOne(item.resident, item.night, item.settings, now));
    },

    /**
     * Analyses again every night from `from` to `to` (local report dates, inclusive) of the monitored
     * residents (of one provider, if given), replacing their daily reports and remaking their months:
     * after an algorithm change (`npm run reports:reanalyse`). Nights not yet over are left alone.
     */
    async reanalyse(range: { from: string; to: string; providerId?: number }, now: number): Promise<{ made: number; failed: number }> {
      const timeZone = (await deps.settings.get('timeZone')) ?? 'UTC';
      const residents = (await deps.reports.monitoredResidents()).filter((resident) => range.providerId === undefined || resident.providerId === range.providerId);
      const work: { resident: MonitoredResident; night: NightWindow; settings: SleepMonitorSettings }[] = [];
      for (const resident of residents) {
        const settings = monitorSettings(resident.settings);
        for (let date = range.to; date >= range.from; date = previousDate(date)) {
          const wake = zonedInstant(date, settings.sleepSchedule.wakeTime, timeZone);
          const night = lastNight(wake + REPORT_AFTER_WAKE_MINUTES * MINUTE, settings, timeZone);
          if (night.to <= now) work.push({ resident, night, settings });
        }
      }
      const months = new Map<string, { resident: MonitoredResident; month: string }>();
      const result = await inLanes(work, (item) => item.resident, async (item) => {
        const analysis = await analyse(item.resident, item.night, item.settings);
        await deps.reports.replaceDaily(reportValues(item.resident, item.night, analysis, now));
        months.set(`${item.resident.residentId}/${item.night.date.slice(0, 7)}`, { resident: item.resident, month: item.night.date.slice(0, 7) });
        return true;
      });
      for (const { resident, month } of months.values()) await remakeMonth(resident, month, now);
      return result;
    },
  };
}
export type DailyReportMaker = ReturnType<typeof dailyReportMaker>;
