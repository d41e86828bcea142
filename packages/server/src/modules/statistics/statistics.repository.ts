import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { StatisticsSnapshotsTable } from '../../db/schema.ts';

/** A provider the statistics job or a viewer works with. */
export interface StatisticsProvider {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  timeZone: string | null;
}

/** A snapshot's trend columns (no JSON). */
export interface TrendRow {
  snapshot_date: string;
  residents: number;
  check_ins: number;
  devices_online: number;
  alarms_raised: number;
  alarms_handled: number;
  sleep_reports: number;
}

const TREND_COLUMNS = ['snapshot_date', 'residents', 'check_ins', 'devices_online', 'alarms_raised', 'alarms_handled', 'sleep_reports'] as const;

/** SQL of snapshots, coefficients and government assignments. */
export function statisticsRepository(db: Db) {
  const providerColumns = ['id', 'name', 'level', 'parent_id', 'time_zone'] as const;
  const toProvider = (row: { id: number; name: string; level: number; parent_id: number | null; time_zone: string | null }): StatisticsProvider => ({
    id: row.id, name: row.name, level: row.level, parentId: row.parent_id, timeZone: row.time_zone,
  });
  return {
    /** Every live, enabled provider (the nightly job's list). */
    async activeProviders(): Promise<StatisticsProvider[]> {
      const rows = await db.selectFrom('providers').where('deleted_at', 'is', null).where('enabled', '=', 1).select(providerColumns).orderBy('id').execute();
      return rows.map(toProvider);
    },
    /** Live providers among ids, in name order. */
    async providersByIds(ids: readonly number[]): Promise<StatisticsProvider[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('providers').where('deleted_at', 'is', null).where('id', 'in', [...ids]).select(providerColumns).orderBy('name').execute();
      return rows.map(toProvider);
    },
    /** Ids of a class I provider's live class II homes. */
    async childIds(parentId: number): Promise<number[]> {
      const rows = await db.selectFrom('providers').where('deleted_at', 'is', null).where('parent_id', '=', parentId).select('id').orderBy('id').execute();
      return rows.map((row) => row.id);
    },
    async provider(id: number): Promise<StatisticsProvider | undefined> {
      const row = await db.selectFrom('providers').where('deleted_at', 'is', null).where('id', '=', id).select(providerColumns).executeTakeFirst();
      return row ? toProvider(row) : undefined;
    },
    /** Sets a care home's own time zone (null: the platform's). */
    async setTimeZone(id: number, timeZone: string | null, now: number): Promise<void> {
      await db.updateTable('providers').set({ time_zone: timeZone, updated_at: now }).where('id', '=', id).execute();
    },
    /** The newest snapshot date of a provider, or null. */
    async latestSnapshotDate(providerId: number): Promise<string | null> {
      const row = await db.selectFrom('statistics_snapshots').where('provider_id', '=', providerId).select('snapshot_date').orderBy('snapshot_date', 'desc').limit(1).executeTakeFirst();
      return row?.snapshot_date ?? null;
    },
    /** The account's role, or undefined when there is no such account (government assignments check it). */
    async accountRole(accountId: number): Promise<string | undefined> {
      const row = await db.selectFrom('accounts').where('id', '=', accountId).select('role').executeTakeFirst();
      return row?.role;
    },
    async governmentProviderIds(accountId: number): Promise<number[]> {
      const rows = await db.selectFrom('government_providers').where('account_id', '=', accountId).select('provider_id').execute();
      return rows.map((row) => row.provider_id);
    },
    async replaceGovernmentProviders(accountId: number, providerIds: readonly number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('government_providers').where('account_id', '=', accountId).execute();
        if (providerIds.length > 0) await trx.insertInto('government_providers').values(providerIds.map((providerId) => ({ account_id: accountId, provider_id: providerId }))).execute();
      });
    },
    async snapshotExists(providerId: number, date: string): Promise<boolean> {
      const row = await db.selectFrom('statistics_snapshots').where('provider_id', '=', providerId).where('snapshot_date', '=', date).select('id').executeTakeFirst();
      return row !== undefined;
    },
    /** Writes a snapshot unless the day has one (another process won the race): answers whether it wrote. */
    async insertSnapshot(values: Insertable<StatisticsSnapshotsTable>): Promise<boolean> {
      const result = await db.insertInto('statistics_snapshots').values(values).onConflict((conflict) => conflict.columns(['provider_id', 'snapshot_date']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** The newest snapshot of a provider (with its figures JSON). */
    async latestSnapshot(providerId: number) {
      return db.selectFrom('statistics_snapshots').where('provider_id', '=', providerId).selectAll().orderBy('snapshot_date', 'desc').limit(1).executeTakeFirst();
    },
    /** Figures JSON of the snapshots from a date on, oldest first. */
    async figuresSince(providerId: number, fromDate: string) {
      return db.selectFrom('statistics_snapshots').where('provider_id', '=', providerId).where('snapshot_date', '>=', fromDate).select(['snapshot_date', 'figures', 'factor_centi']).orderBy('snapshot_date').execute();
    },
    /** Trend columns of the snapshots from a date on, oldest first. */
    async trendsSince(providerId: number, fromDate: string): Promise<(TrendRow & { factor_centi: number })[]> {
      return db.selectFrom('statistics_snapshots').where('provider_id', '=', providerId).where('snapshot_date', '>=', fromDate).select([...TREND_COLUMNS, 'factor_centi']).orderBy('snapshot_date').execute();
    },
    /** The coefficient row in force on a date: the newest effective on or before it. */
    async coefficientOn(providerId: number, date: string) {
      return db.selectFrom('statistics_coefficients').where('provider_id', '=', providerId).where('effective_date', '<=', date).select(['effective_date', 'factor_centi']).orderBy('effective_date', 'desc').limit(1).executeTakeFirst();
    },
    /** Coefficient rows effective after a date (saved changes waiting for their 00:00). */
    async coefficientAfter(providerId: number, date: string) {
      return db.selectFrom('statistics_coefficients').where('provider_id', '=', providerId).where('effective_date', '>', date).select(['effective_date', 'factor_centi']).orderBy('effective_date', 'desc').limit(1).executeTakeFirst();
    },
    /** Saves a coefficient from a date on (replacing one saved earlier for that date). */
    async saveCoefficient(providerId: number, effectiveDate: string, factorCenti: number, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // A newer change replaces every change that has not started yet.
        await trx.deleteFrom('statistics_coefficients').where('provider_id', '=', providerId).where('effective_date', '>=', effectiveDate).execute();
        await trx.insertInto('statistics_coefficients').values({ provider_id: providerId, effective_date: effectiveDate, factor_centi: factorCenti, created_at: now }).execute();
      });
    },
    /** Distinct providers with at least one snapshot (for tests and the bench). */
    async countSnapshots(providerId: number): Promise<number> {
      const row = await db.selectFrom('statistics_snapshots').where('provider_id', '=', providerId).select(sql<number>`count(*)`.as('count')).executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}
export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
