import {
  HANDOVER_ALARM_ITEMS_MAX,
  HandoverSummarySchema,
  LOW_BATTERY_PERCENT,
  POOR_SLEEP_SCORE,
  SLEEP_REFERENCE,
  type HandoverDevice,
  type HandoverResident,
  type HandoverSummary,
} from '@vigil/contracts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import { addressOf } from '../alarms/alarm.presenter.ts';
import type { AnalyticsRepository, NightAlarmRow } from './analytics.repository.ts';
import { handoverAlarmState, placeOf, presentHandoverAlarm } from './handover.presenter.ts';
import { settingsFromRow, type AnalyticsService } from './analytics.service.ts';
import { lastEndedNight, nightWindow, shiftsOf } from './shifts.ts';

const HOUR = 3_600_000;
/** A summary missed (server down) is still stored this long after the night ended, never later. */
export const HANDOVER_CATCH_UP_MS = 12 * HOUR;
/** The handover job looks for ended nights this often. */
export const HANDOVER_JOB_EVERY_MS = 5 * 60_000;
/** Stored summaries are kept as long as the alarms they describe (spec 02 §9: one month). */
export const HANDOVER_RETENTION_DAYS = 31;
const BREATH_STOP_TYPES = new Set(['BREATH_STOP', 'EX_BREATH_STOP']);

/** The night handover summary: made on demand, and stored per provider by the nightly job. */
export function handoverSummaries(deps: { repository: AnalyticsRepository; analytics: AnalyticsService; timeZone: (providerId: number) => Promise<string>; now: () => number }) {
  const { repository } = deps;

  /** The summary of the night that ended on the morning of `date`, as things stand at `now`. */
  async function build(providerId: number, date: string, now: number): Promise<HandoverSummary> {
    const timeZone = await deps.timeZone(providerId);
    const settings = await deps.analytics.settingsOf(providerId);
    const window = nightWindow(date, settings.shiftStarts, timeZone);
    if (window.from > now) throw errors.badRequest('analytics.nightNotStarted');
    const { overall } = await deps.analytics.figures(providerId, [window], window.from, window.to, settings.targetSeconds);
    const alarms = await repository.alarmsRaised(providerId, window.from, window.to);

    const byType = new Map<string, { alertType: string; alertLevel: number; count: number; handled: number; relieved: number; pending: number }>();
    for (const row of alarms) {
      const key = `${row.alert_type}|${row.alert_level}`;
      const entry = byType.get(key) ?? { alertType: row.alert_type, alertLevel: row.alert_level, count: 0, handled: 0, relieved: 0, pending: 0 };
      const state = handoverAlarmState(row);
      entry.count += 1;
      entry[state] += 1;
      byType.set(key, entry);
    }

    const devices = await repository.devicesOf(providerId);
    const deviceById = new Map(devices.map((device) => [device.device_id, device]));
    const devicePlace = (deviceId: string, fallback: string) => {
      const device = deviceById.get(deviceId);
      return fallback || (device ? placeOf([device.building, device.floor, device.room, device.bed]) || device.location : '');
    };
    const offline = new Map<string, HandoverDevice>();
    const lowBattery = new Map<string, HandoverDevice>();
    for (const row of [...alarms].reverse()) {
      const device = deviceById.get(row.device_id);
      const entry = { deviceId: row.device_id, deviceType: row.device_type, place: devicePlace(row.device_id, addressOf(row)), at: row.raised_at, online: device ? device.online === 1 : false, battery: device?.battery ?? null };
      if (row.alert_type === 'CONNECTION' && !offline.has(row.device_id)) offline.set(row.device_id, entry);
      if (row.alert_type === 'LOW_POWER' && !lowBattery.has(row.device_id)) lowBattery.set(row.device_id, entry);
    }
    for (const device of devices) {
      const base = { deviceId: device.device_id, deviceType: device.device_type, place: devicePlace(device.device_id, ''), online: device.online === 1, battery: device.battery };
      const wentOffline = device.online === 0 && device.online_changed_at !== null && device.online_changed_at >= window.from && device.online_changed_at < window.to;
      if (wentOffline && !offline.has(device.device_id)) offline.set(device.device_id, { ...base, at: device.online_changed_at });
      if (device.battery !== null && device.battery <= LOW_BATTERY_PERCENT && !lowBattery.has(device.device_id)) lowBattery.set(device.device_id, { ...base, at: null });
    }

    const breathStops = new Map<number, { count: number; row: NightAlarmRow }>();
    for (const row of alarms) {
      if (row.resident_id === null || !BREATH_STOP_TYPES.has(row.alert_type)) continue;
      const entry = breathStops.get(row.resident_id) ?? { count: 0, row };
      entry.count += 1;
      breathStops.set(row.resident_id, entry);
    }
    const reports = await repository.sleepReportsOf(providerId, date);
    const residents: HandoverResident[] = [];
    for (const report of reports) {
      const reasons: HandoverResident['reasons'] = [];
      const analysed = report.analysed === 1;
      if (analysed && report.score !== null && report.score < POOR_SLEEP_SCORE) reasons.push('poorSleep');
      const stops = breathStops.get(report.resident_id)?.count ?? 0;
      if ((report.ahi !== null && report.ahi >= SLEEP_REFERENCE.ahiMax) || stops > 0) reasons.push('breathingPauses');
      breathStops.delete(report.resident_id);
      if (reasons.length === 0) continue;
      residents.push({
        residentId: report.resident_id, name: report.name, place: placeOf([report.building, report.floor, report.room, report.bed]),
        score: analysed ? report.score : null, sleepMinutes: report.sleep_minutes, wakeUps: report.wake_ups, ahi: report.ahi, apneaGrade: report.apnea_grade,
        breathStopAlarms: stops, reasons,
      });
    }
    // Breath stops of residents without a report yet.
    for (const [residentId, { count, row }] of breathStops) {
      residents.push({ residentId, name: row.user_name, place: addressOf(row), score: null, sleepMinutes: null, wakeUps: null, ahi: null, apneaGrade: null, breathStopAlarms: count, reasons: ['breathingPauses'] });
    }
    residents.sort((a, b) => b.reasons.length - a.reasons.length || (a.score ?? 101) - (b.score ?? 101) || a.name.localeCompare(b.name));

    const pending = await repository.pendingBefore(providerId, window.to, HANDOVER_ALARM_ITEMS_MAX);
    const shift = shiftsOf(settings.shiftStarts)[window.shift];
    return HandoverSummarySchema.parse({
      date,
      from: window.from,
      to: window.to,
      shiftLabel: shift.label,
      timeZone,
      generatedAt: now,
      stored: false,
      alarms: {
        stats: overall,
        byType: [...byType.values()].sort((a, b) => b.count - a.count || a.alertType.localeCompare(b.alertType)),
        items: alarms.slice(0, HANDOVER_ALARM_ITEMS_MAX).map(presentHandoverAlarm),
        itemsTotal: alarms.length,
      },
      pending: pending.map(presentHandoverAlarm),
      sleep: { reports: reports.length, residents },
      devices: {
        offline: [...offline.values()].sort((a, b) => (a.at ?? 0) - (b.at ?? 0)),
        lowBattery: [...lowBattery.values()].sort((a, b) => (a.battery ?? 101) - (b.battery ?? 101)),
      },
    });
  }

  function parseStored(text: string): HandoverSummary | null {
    try {
      const parsed = HandoverSummarySchema.safeParse(JSON.parse(text));
      return parsed.success ? { ...parsed.data, stored: true } : null;
    } catch {
      return null;
    }
  }

  return {
    build,

    /** The stored summary of the date (the last ended night by default), or one computed now. */
    async forSession(session: SessionInfo, input: { date?: string; fresh?: boolean }): Promise<HandoverSummary> {
      const providerId = workingProviderId(session.scope);
      const now = deps.now();
      const settings = await deps.analytics.settingsOf(providerId);
      const date = input.date ?? lastEndedNight(now, settings.shiftStarts, await deps.timeZone(providerId));
      if (!input.fresh) {
        const stored = await repository.findSummary(providerId, date);
        const summary = stored === undefined ? null : parseStored(stored);
        if (summary) return summary;
      }
      return build(providerId, date, now);
    },

    /**
     * The nightly job: for each provider whose night shift ended less than 12 hours ago and
     * has no stored summary, stores one (once: the primary key ignores a second insert).
     */
    async storeDue(now: number, onFailure?: (providerId: number, error: unknown) => void): Promise<number> {
      const settingsByProvider = new Map((await repository.allSettings()).map((row) => [row.provider_id, row]));
      const due: { providerId: number; date: string }[] = [];
      for (const providerId of await repository.activeProviders()) {
        const settings = settingsFromRow(settingsByProvider.get(providerId));
        // Each care home's nights end in its own time zone.
        const timeZone = await deps.timeZone(providerId);
        const date = lastEndedNight(now, settings.shiftStarts, timeZone);
        if (now - nightWindow(date, settings.shiftStarts, timeZone).to < HANDOVER_CATCH_UP_MS) due.push({ providerId, date });
      }
      const stored = await repository.storedDates([...new Set(due.map((item) => item.providerId))], [...new Set(due.map((item) => item.date))]);
      let made = 0;
      for (const item of due) {
        if (stored.has(`${item.providerId}/${item.date}`)) continue;
        try {
          const summary = await build(item.providerId, item.date, now);
          await repository.storeSummary(item.providerId, item.date, JSON.stringify(summary), now);
          made += 1;
        } catch (error) {
          onFailure?.(item.providerId, error);
        }
      }
      const cutoff = new Date(now - HANDOVER_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10);
      await repository.purgeSummariesBefore(cutoff);
      return made;
    },
  };
}
export type HandoverSummaries = ReturnType<typeof handoverSummaries>;
