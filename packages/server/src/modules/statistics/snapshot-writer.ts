import { STATISTICS_MULT_DEFAULT } from '@vigil/contracts';
import { localDate, previousDate, zonedInstant } from '../reports/zoned-time.ts';
import type { DayFiguresRepository } from './day-figures.repository.ts';
import type { StatisticsProvider, StatisticsRepository } from './statistics.repository.ts';

/** The job looks for due snapshots this often, so each lands within minutes after 00:00 local. */
export const STATISTICS_JOB_EVERY_MS = 5 * 60_000;

/** Days a late nightly job fills in after the server was down over midnights (the alarm and reminder logs keep one month). */
export const STATISTICS_BACKFILL_DAYS = 31;

/** The date after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The local day [00:00, next 00:00) of a date in a zone (23 or 25 hours across daylight saving). */
export function dayWindow(date: string, timeZone: string) {
  return { date, from: zonedInstant(date, '00:00', timeZone), to: zonedInstant(nextDate(date), '00:00', timeZone) };
}

export interface SnapshotWriterDeps {
  statistics: StatisticsRepository;
  figures: DayFiguresRepository;
  /** The platform's time zone (settings), for providers without their own. */
  platformTimeZone: () => Promise<string>;
}

/**
 * Writes snapshots (docs/statistics.md): at 00:00 in a care home's time zone the day that just
 * ended becomes due; its figures are counted once and stored with the coefficient in force from
 * that 00:00 on. The unique (provider, day) key makes a second writer (another process, or the
 * on-demand first snapshot) a no-op.
 */
export function snapshotWriter(deps: SnapshotWriterDeps) {
  async function zoneOf(provider: StatisticsProvider): Promise<string> {
    return provider.timeZone ?? (await deps.platformTimeZone());
  }

  async function write(provider: StatisticsProvider, date: string, timeZone: string, now: number, backfilled = false): Promise<boolean> {
    // A class I group's figures are its own and its homes' together (its residents live in the homes: issue 25 item 12).
    const providerIds = provider.level === 1 ? [provider.id, ...(await deps.statistics.childIds(provider.id))] : [provider.id];
    const counted = await deps.figures.compute(providerIds, dayWindow(date, timeZone));
    const figures = backfilled ? { ...counted, backfilled: true } : counted;
    // The factor in force from the 00:00 that ends the day (a change saved during the day applies here).
    const coefficient = await deps.statistics.coefficientOn(provider.id, nextDate(date));
    return deps.statistics.insertSnapshot({
      provider_id: provider.id,
      snapshot_date: date,
      time_zone: timeZone,
      factor_centi: coefficient?.factor_centi ?? Math.round(STATISTICS_MULT_DEFAULT * 100),
      factor_since: coefficient?.effective_date ?? null,
      figures: JSON.stringify(figures),
      residents: figures.residents.residents,
      check_ins: figures.residents.checkIns,
      devices_online: figures.devices.online,
      alarms_raised: figures.alerts.raised,
      alarms_handled: figures.alerts.handled,
      sleep_reports: figures.sleep.reports,
      created_at: now,
    });
  }

  return {
    zoneOf,
    /**
     * The nightly job: every provider whose last local day has no snapshot gets one, and days missed
     * since its newest snapshot (the server was down over a midnight) are filled in, at most
     * STATISTICS_BACKFILL_DAYS back. Answers how many were written.
     */
    async writeDue(now: number): Promise<number> {
      let written = 0;
      for (const provider of await deps.statistics.activeProviders()) {
        const timeZone = await zoneOf(provider);
        const yesterday = previousDate(localDate(now, timeZone));
        if (await deps.statistics.snapshotExists(provider.id, yesterday)) continue;
        const latest = await deps.statistics.latestSnapshotDate(provider.id);
        let date = yesterday;
        for (let back = 1; back < STATISTICS_BACKFILL_DAYS && latest !== null; back += 1) {
          const earlier = previousDate(date);
          if (earlier <= latest) break;
          date = earlier;
        }
        for (; date <= yesterday; date = nextDate(date)) {
          if (await write(provider, date, timeZone, now, date !== yesterday)) written += 1;
        }
      }
      return written;
    },
    /** A first snapshot for a provider that has none yet (fresh install, demo): yesterday's, counted now. */
    async writeFirst(provider: StatisticsProvider, now: number): Promise<void> {
      const timeZone = await zoneOf(provider);
      await write(provider, previousDate(localDate(now, timeZone)), timeZone, now);
    },
  };
}
export type SnapshotWriter = ReturnType<typeof snapshotWriter>;
