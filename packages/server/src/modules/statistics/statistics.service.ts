import {
  STATISTICS_TREND_DAYS, STATISTICS_TREND_MONTHS,
  type AlertFigures, type CareHomeTimeZone, type CommunityFigures, type DeviceFigures, type NursingFigures, type ResidentFigures, type SleepFigures, type StatisticsRule, type StatisticsScale,
} from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import { isTimeZone } from '../system/time-zones.ts';
import type { SessionInfo } from '../../http/context.ts';
import { localDate, previousDate, zonedInstant } from '../reports/zoned-time.ts';
import type { DayFigures } from './day-figures.repository.ts';
import { nextDate, type SnapshotWriter } from './snapshot-writer.ts';
import type { StatisticsProvider, StatisticsRepository, TrendRow } from './statistics.repository.ts';

/** A count as shown: real × factor, rounded (factor in hundredths). */
export function scaleCount(real: number, factorCenti: number): number {
  return Math.round((real * factorCenti) / 100);
}

type Scaler = (real: number, factorCenti: number) => number;
const REAL: Scaler = (real) => real;

interface Trend {
  daily: { date: string; value: number }[];
  monthly: { month: string; value: number }[];
}

/** 30 daily points and 12 monthly points of a trend column; stocks average per month, flows sum. */
function trendOf(rows: readonly (TrendRow & { factor_centi: number })[], pick: (row: TrendRow) => number, kind: 'stock' | 'flow', scale: Scaler, dailyFrom: string): Trend {
  const daily = rows.filter((row) => row.snapshot_date >= dailyFrom).map((row) => ({ date: row.snapshot_date, value: scale(pick(row), row.factor_centi) }));
  const months = new Map<string, { sum: number; days: number }>();
  for (const row of rows) {
    const month = row.snapshot_date.slice(0, 7);
    const entry = months.get(month) ?? { sum: 0, days: 0 };
    entry.sum += scale(pick(row), row.factor_centi);
    entry.days += 1;
    months.set(month, entry);
  }
  const monthly = [...months].map(([month, { sum, days }]) => ({ month, value: kind === 'flow' ? sum : Math.round((sum / days) * 10) / 10 }));
  return { daily, monthly };
}

/** First day of the month `count - 1` months before the date's month. */
function monthsBack(date: string, count: number): string {
  const [year, month] = date.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - (count - 1), 1));
  return first.toISOString().slice(0, 10);
}

/** Days back from a date (inclusive window of `count` days). */
function daysBack(date: string, count: number): string {
  let day = date;
  for (let i = 1; i < count; i += 1) day = previousDate(day);
  return day;
}

interface SnapshotView {
  provider: StatisticsProvider;
  date: string | null;
  refreshedAt: number | null;
  timeZone: string;
  factorCenti: number;
  factorSince: string | null;
  figures: DayFigures | null;
  trends: (TrendRow & { factor_centi: number })[];
  dailyFrom: string;
  recentFigures: () => Promise<{ date: string; factorCenti: number; figures: DayFigures }[]>;
}

/** Trend rows and recent figures per newest snapshot: they change only when a new snapshot is written. */
const HISTORY_CACHE_MAX = 1000;

/** The statistics calls (docs/statistics.md): scope, snapshots, scaling, the coefficient. */
export function statisticsService(deps: { statistics: StatisticsRepository; writer: SnapshotWriter; now: () => number; platformTimeZone: () => Promise<string> }) {
  const { statistics } = deps;
  // Keyed by the newest snapshot's id: a new snapshot (or a rewritten one) is a new key, so no entry is ever stale.
  const trendCache = new Map<string, Promise<(TrendRow & { factor_centi: number })[]>>();
  const recentCache = new Map<string, Promise<{ date: string; factorCenti: number; figures: DayFigures }[]>>();
  function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    let entry = cache.get(key);
    if (!entry) {
      if (cache.size >= HISTORY_CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
      entry = load();
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  }

  /** The providers a session may see in statistics: own and class II ones, or a government account's assignments. */
  async function visibleProviders(session: SessionInfo): Promise<StatisticsProvider[]> {
    const scope = session.scope;
    if (scope.role === 'GOVERNMENT') return statistics.providersByIds(await statistics.governmentProviderIds(scope.accountId));
    if (scope.providerIds === 'all') return [];
    const providers = await statistics.providersByIds(scope.providerIds);
    // The provider the user works in first.
    return providers.sort((a, b) => Number(b.id === scope.currentProviderId) - Number(a.id === scope.currentProviderId));
  }

  async function chosenProvider(session: SessionInfo, providerId: number | null | undefined): Promise<StatisticsProvider> {
    const providers = await visibleProviders(session);
    if (providers.length === 0) throw errors.notFound('statistics.noProvider');
    if (providerId === null || providerId === undefined) return providers[0];
    const provider = providers.find((candidate) => candidate.id === providerId);
    // Another provider answers exactly like a missing one.
    if (!provider) throw errors.notFound();
    return provider;
  }

  async function view(session: SessionInfo, providerId: number | null | undefined): Promise<SnapshotView> {
    const provider = await chosenProvider(session, providerId);
    let latest = await statistics.latestSnapshot(provider.id);
    if (!latest) {
      await deps.writer.writeFirst(provider, deps.now());
      latest = await statistics.latestSnapshot(provider.id);
    }
    const timeZone = latest?.time_zone ?? (await deps.writer.zoneOf(provider));
    if (!latest) {
      return { provider, date: null, refreshedAt: null, timeZone, factorCenti: 100, factorSince: null, figures: null, trends: [], dailyFrom: '', recentFigures: async () => [] };
    }
    const date = latest.snapshot_date;
    const dailyFrom = daysBack(date, STATISTICS_TREND_DAYS);
    const key = `${provider.id}:${latest.id}:${latest.created_at}`;
    const trends = await cached(trendCache, key, () => statistics.trendsSince(provider.id, monthsBack(date, STATISTICS_TREND_MONTHS)));
    const parsed = JSON.parse(latest.figures) as DayFigures;
    return {
      provider, date, refreshedAt: Number(latest.created_at), timeZone, factorCenti: latest.factor_centi, factorSince: latest.factor_since, figures: parsed, trends, dailyFrom,
      recentFigures: () => cached(recentCache, key, async () => (await statistics.figuresSince(provider.id, dailyFrom)).map((row) => ({ date: row.snapshot_date, factorCenti: row.factor_centi, figures: JSON.parse(row.figures) as DayFigures }))),
    };
  }

  function head(snapshot: SnapshotView) {
    const scale: StatisticsScale = { factor: snapshot.factorCenti / 100, scaled: snapshot.factorCenti !== 100, since: snapshot.factorSince };
    return { providerId: snapshot.provider.id, providerName: snapshot.provider.name, date: snapshot.date, refreshedAt: snapshot.refreshedAt, timeZone: snapshot.timeZone, scale };
  }

  /** Answers `{head, real, shown}` from one builder run twice: with real counts, then scaled ones. */
  async function answer<T>(session: SessionInfo, providerId: number | null | undefined, build: (snapshot: SnapshotView, scale: Scaler) => T | Promise<T>) {
    const snapshot = await view(session, providerId);
    const shown: Scaler = (real, factorCenti) => scaleCount(real, factorCenti);
    return { ...head(snapshot), real: await build(snapshot, REAL), shown: await build(snapshot, shown) };
  }

  const ratio = (part: number, whole: number, digits = 1) => (whole === 0 ? 0 : Math.round((part / whole) * 10 ** digits) / 10 ** digits);
  const empty = { daily: [], monthly: [] };

  async function ruleOf(provider: StatisticsProvider): Promise<StatisticsRule> {
    const timeZone = await deps.writer.zoneOf(provider);
    const today = localDate(deps.now(), timeZone);
    const current = await statistics.coefficientOn(provider.id, today);
    const pending = await statistics.coefficientAfter(provider.id, today);
    return {
      providerId: provider.id,
      timeZone,
      current: { factor: (current?.factor_centi ?? 100) / 100, since: current?.effective_date ?? null },
      pending: pending ? { factor: pending.factor_centi / 100, from: pending.effective_date, fromInstant: zonedInstant(pending.effective_date, '00:00', timeZone) } : null,
    };
  }

  /** The provider whose coefficient a provider login reads or sets: its own or a class II one in its scope. */
  async function ruleProvider(session: SessionInfo, providerId: number | null | undefined): Promise<StatisticsProvider> {
    const scope = session.scope;
    const id = providerId ?? scope.currentProviderId;
    if (id === null || scope.providerIds === 'all' || !scope.providerIds.includes(id)) throw errors.notFound();
    const provider = await statistics.provider(id);
    if (!provider) throw errors.notFound();
    return provider;
  }

  async function careHomeZone(provider: StatisticsProvider): Promise<CareHomeTimeZone> {
    return { providerId: provider.id, providerName: provider.name, timeZone: provider.timeZone, effective: await deps.writer.zoneOf(provider), platformTimeZone: await deps.platformTimeZone() };
  }

  return {
    /** The care home's time zone (its own, else the platform's): statistics, handover and response times follow it. */
    async zoneOfProvider(providerId: number): Promise<string> {
      const provider = await statistics.provider(providerId);
      return provider ? deps.writer.zoneOf(provider) : deps.platformTimeZone();
    },

    async timeZone(session: SessionInfo, providerId?: number | null): Promise<CareHomeTimeZone> {
      return careHomeZone(await ruleProvider(session, providerId));
    },

    async saveTimeZone(session: SessionInfo, providerId: number | null | undefined, timeZone: string | null): Promise<CareHomeTimeZone> {
      const provider = await ruleProvider(session, providerId);
      if (timeZone !== null && !isTimeZone(timeZone)) throw errors.invalidField('timeZone', 'system.timeZoneInvalid');
      await statistics.setTimeZone(provider.id, timeZone, deps.now());
      return careHomeZone({ ...provider, timeZone });
    },

    async providerOptions(session: SessionInfo) {
      return (await visibleProviders(session)).map((provider) => ({ providerId: provider.id, providerName: provider.name, level: provider.level }));
    },

    userBunk: (session: SessionInfo, providerId?: number | null) =>
      answer(session, providerId, (s, scale): ResidentFigures => {
        const r = s.figures?.residents ?? { residents: 0, beds: 0, occupiedBeds: 0, checkIns: 0, checkOuts: 0 };
        const f = s.factorCenti;
        return {
          residents: scale(r.residents, f), beds: scale(r.beds, f), occupiedBeds: scale(r.occupiedBeds, f),
          occupancyPercent: ratio(r.occupiedBeds * 100, r.beds),
          checkIns: scale(r.checkIns, f), checkOuts: scale(r.checkOuts, f),
          away: scale(r.away ?? 0, f),
          ageBands: (r.ageBands ?? []).map((b) => ({ band: b.band, residents: scale(b.residents, f) })),
          residentTrend: s.figures ? trendOf(s.trends, (row) => row.residents, 'stock', scale, s.dailyFrom) : empty,
          checkInTrend: s.figures ? trendOf(s.trends, (row) => row.check_ins, 'flow', scale, s.dailyFrom) : empty,
        };
      }),

    devices: (session: SessionInfo, providerId?: number | null) =>
      answer(session, providerId, (s, scale): DeviceFigures => {
        const d = s.figures?.devices ?? { total: 0, online: 0, offline: 0, batteryLow: 0, byKind: [] };
        const f = s.factorCenti;
        return {
          total: scale(d.total, f), online: scale(d.online, f), offline: scale(d.offline, f), batteryLow: scale(d.batteryLow, f),
          byKind: d.byKind.map((k) => ({ kind: k.kind, total: scale(k.total, f), online: scale(k.online, f), offline: scale(k.offline, f), batteryLow: scale(k.batteryLow, f) })),
          onlineTrend: s.figures ? trendOf(s.trends, (row) => row.devices_online, 'stock', scale, s.dailyFrom) : empty,
        };
      }),

    nursing: (session: SessionInfo, providerId?: number | null) =>
      answer(session, providerId, (s, scale): NursingFigures => {
        const c = s.figures?.nursing ?? { caregivers: 0, assignedResidents: 0, unassignedResidents: 0, busiestCaregiverResidents: 0, alarmsHandled: 0 };
        const f = s.factorCenti;
        return {
          caregivers: scale(c.caregivers, f), assignedResidents: scale(c.assignedResidents, f), unassignedResidents: scale(c.unassignedResidents, f),
          residentsPerCaregiver: ratio(c.assignedResidents, c.caregivers),
          busiestCaregiverResidents: scale(c.busiestCaregiverResidents, f), alarmsHandled: scale(c.alarmsHandled, f),
          handledTrend: s.figures ? trendOf(s.trends, (row) => row.alarms_handled, 'flow', scale, s.dailyFrom) : empty,
        };
      }),

    alerts: (session: SessionInfo, providerId?: number | null) =>
      answer(session, providerId, async (s, scale): Promise<AlertFigures> => {
        const a = s.figures?.alerts ?? { raised: 0, handled: 0, pending: 0, level1: 0, level2: 0, byType: [], responseMedianMs: null, responseP90Ms: null };
        const f = s.factorCenti;
        const recent = await s.recentFigures();
        return {
          raised: scale(a.raised, f), handled: scale(a.handled, f), pending: scale(a.pending, f), level1: scale(a.level1, f), level2: scale(a.level2, f),
          byType: a.byType.map((t) => ({ alertType: t.alertType, level1: scale(t.level1, f), level2: scale(t.level2, f) })),
          responseMedianMs: a.responseMedianMs, responseP90Ms: a.responseP90Ms,
          raisedTrend: s.figures ? trendOf(s.trends, (row) => row.alarms_raised, 'flow', scale, s.dailyFrom) : empty,
          dailyByLevel: recent.map((day) => ({ date: day.date, level1: scale(day.figures.alerts.level1, day.factorCenti), level2: scale(day.figures.alerts.level2, day.factorCenti) })),
        };
      }),

    sleep: (session: SessionInfo, providerId?: number | null) =>
      answer(session, providerId, (s, scale): SleepFigures => {
        const z = s.figures?.sleep ?? { reports: 0, averageScore: null, scoreBands: [], ahiRisk: 0, afRisk: 0 };
        const f = s.factorCenti;
        return {
          reports: scale(z.reports, f), averageScore: z.averageScore,
          scoreBands: z.scoreBands.map((b) => ({ band: b.band, residents: scale(b.residents, f) })),
          ahiRisk: scale(z.ahiRisk, f), afRisk: scale(z.afRisk, f),
          reportTrend: s.figures ? trendOf(s.trends, (row) => row.sleep_reports, 'flow', scale, s.dailyFrom) : empty,
        };
      }),

    communities: (session: SessionInfo, providerId?: number | null) =>
      answer(session, providerId, (s, scale): CommunityFigures => {
        const f = s.factorCenti;
        return {
          communities: (s.figures?.communities ?? []).map((c) => ({
            areaId: c.areaId, name: c.name, residents: scale(c.residents, f), beds: scale(c.beds, f), occupiedBeds: scale(c.occupiedBeds, f),
            devices: scale(c.devices, f), devicesOnline: scale(c.devicesOnline, f), alarms: scale(c.alarms, f),
          })),
        };
      }),

    async queryRule(session: SessionInfo, providerId?: number | null): Promise<StatisticsRule> {
      return ruleOf(await ruleProvider(session, providerId));
    },

    /** Saves the coefficient from the next 00:00 in the care home's time zone. */
    async saveRule(session: SessionInfo, providerId: number | null | undefined, mult: number): Promise<StatisticsRule> {
      const provider = await ruleProvider(session, providerId);
      const timeZone = await deps.writer.zoneOf(provider);
      const now = deps.now();
      await statistics.saveCoefficient(provider.id, nextDate(localDate(now, timeZone)), Math.round(mult * 100), now);
      return ruleOf(provider);
    },
  };
}
export type StatisticsService = ReturnType<typeof statisticsService>;
