import {
  AnalyticsSettingsSchema,
  DEFAULT_SHIFT_STARTS,
  RESPONSE_TARGET_SECONDS_DEFAULT,
  type AnalyticsSettings,
  type AnalyticsSettingsInput,
  type ResponseStats,
  type ResponseTimes,
} from '@vigil/contracts';
import { z } from 'zod';
import type { SessionInfo } from '../../http/context.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import { zonedInstant } from '../reports/zoned-time.ts';
import type { AnalyticsRepository, GroupColumn, GroupCounts, GroupRanks, ResponseQuery } from './analytics.repository.ts';
import { interpolateRank } from './percentile.ts';
import { nextDate, shiftsOf, shiftWindows, type ShiftWindow } from './shifts.ts';

/** A provider's shifts and target as the analytics read them. */
export interface ProviderAnalyticsSettings {
  shiftStarts: string[];
  targetSeconds: number;
  saved: boolean;
}

const StoredStartsSchema = z.array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)).min(1);

/** The stored settings row read defensively: a bad value reads as the default. */
export function settingsFromRow(row: { shift_starts: string; target_seconds: number } | undefined): ProviderAnalyticsSettings {
  if (!row) return { shiftStarts: [...DEFAULT_SHIFT_STARTS], targetSeconds: RESPONSE_TARGET_SECONDS_DEFAULT, saved: false };
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(row.shift_starts);
  } catch {
    parsed = null;
  }
  const starts = StoredStartsSchema.safeParse(parsed);
  return { shiftStarts: starts.success ? [...starts.data].sort() : [...DEFAULT_SHIFT_STARTS], targetSeconds: row.target_seconds, saved: true };
}

const seconds = (ms: number): number => Math.round(ms / 100) / 10;
const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);
const keyText = (key: Record<string, unknown>, group: readonly GroupColumn[]) => JSON.stringify(group.map((column) => key[column]));

/** Figures of a group from its counts and its percentile ranks. */
export function statsOf(counts: GroupCounts | undefined, ranks: GroupRanks | undefined): ResponseStats {
  const handled = counts?.handled ?? 0;
  return {
    count: counts?.count ?? 0,
    handled,
    relieved: counts?.relieved ?? 0,
    pending: counts?.pending ?? 0,
    medianSeconds: ranks ? seconds(interpolateRank(ranks.n, 1, 2, ranks.medianLow, ranks.medianHigh)) : null,
    p90Seconds: ranks ? seconds(interpolateRank(ranks.n, 9, 10, ranks.p90Low, ranks.p90High)) : null,
    withinTargetShare: share(counts?.within ?? 0, handled),
    falseAlarmShare: share(counts?.falseAlarms ?? 0, handled),
  };
}

/** Response-time analytics and the provider's analytics settings. */
export function analyticsService(deps: { repository: AnalyticsRepository; timeZone: (providerId: number) => Promise<string>; now: () => number }) {
  const { repository } = deps;

  async function settingsOf(providerId: number): Promise<ProviderAnalyticsSettings> {
    return settingsFromRow(await repository.findSettings(providerId));
  }

  async function present(providerId: number): Promise<AnalyticsSettings> {
    const settings = await settingsOf(providerId);
    return AnalyticsSettingsSchema.parse({ ...settings, shifts: shiftsOf(settings.shiftStarts), timeZone: await deps.timeZone(providerId) });
  }

  /** Counts and ranks of one breakdown, merged by group. */
  async function breakdown(query: ResponseQuery, group: readonly GroupColumn[], handledOnly: boolean) {
    const [counts, ranks] = await Promise.all([repository.groupCounts(query, group, handledOnly), repository.groupRanks(query, group)]);
    const ranksByKey = new Map(ranks.map((rank) => [keyText(rank.key, group), rank]));
    return counts.map((count) => ({ key: count.key, stats: statsOf(count, ranksByKey.get(keyText(count.key, group))) }));
  }

  /** Figures of the alarms raised in the windows (each window one shift). */
  async function figures(providerId: number, windows: readonly ShiftWindow[], from: number, to: number, targetSeconds: number) {
    const query: ResponseQuery = { providerId, windows, from, to, targetMs: targetSeconds * 1000 };
    const [overall] = await breakdown(query, [], false);
    return { query, overall: overall?.stats ?? statsOf(undefined, undefined) };
  }

  return {
    settingsOf,

    async settings(session: SessionInfo): Promise<AnalyticsSettings> {
      return present(workingProviderId(session.scope));
    },

    async saveSettings(session: SessionInfo, input: AnalyticsSettingsInput): Promise<AnalyticsSettings> {
      const providerId = workingProviderId(session.scope);
      await repository.saveSettings(providerId, input.shiftStarts, input.targetSeconds, deps.now());
      return present(providerId);
    },

    figures,

    async responseTimes(session: SessionInfo, range: { from: string; to: string }): Promise<ResponseTimes> {
      const providerId = workingProviderId(session.scope);
      const settings = await settingsOf(providerId);
      const timeZone = await deps.timeZone(providerId);
      const windows = shiftWindows(range.from, range.to, settings.shiftStarts, timeZone);
      const from = zonedInstant(range.from, '00:00', timeZone);
      const to = zonedInstant(nextDate(range.to), '00:00', timeZone);
      const { query, overall } = await figures(providerId, windows, from, to, settings.targetSeconds);
      const [byType, byShift, byCaregiver, detail] = await Promise.all([
        breakdown(query, ['alert_type', 'alert_level'], false),
        breakdown(query, ['shift'], false),
        breakdown(query, ['handler_id', 'handler_name'], true),
        breakdown(query, ['alert_type', 'alert_level', 'shift', 'handler_id', 'handler_name'], true),
      ]);
      const text = (value: string | number | null) => String(value ?? '');
      const int = (value: string | number | null) => Number(value ?? 0);
      const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
      return {
        from: range.from,
        to: range.to,
        timeZone,
        targetSeconds: settings.targetSeconds,
        shifts: shiftsOf(settings.shiftStarts),
        overall,
        byType: byType.map(({ key, stats }) => ({ alertType: text(key.alert_type), alertLevel: int(key.alert_level), ...stats })).sort(byCount),
        byShift: byShift.map(({ key, stats }) => ({ shift: int(key.shift), ...stats })).sort((a, b) => a.shift - b.shift),
        byCaregiver: byCaregiver.map(({ key, stats }) => ({ handlerId: key.handler_id === null ? null : int(key.handler_id), handlerName: text(key.handler_name), ...stats })).sort(byCount),
        detail: detail
          .map(({ key, stats }) => ({ alertType: text(key.alert_type), alertLevel: int(key.alert_level), shift: int(key.shift), handlerId: key.handler_id === null ? null : int(key.handler_id), handlerName: text(key.handler_name), ...stats }))
          .sort((a, b) => a.alertType.localeCompare(b.alertType) || a.alertLevel - b.alertLevel || a.shift - b.shift || a.handlerName.localeCompare(b.handlerName)),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
