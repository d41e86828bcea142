import { FALSE_ALARM_CHOICES } from '@vigil/contracts';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AlarmsTable } from '../../db/schema.ts';
import type { ShiftWindow } from './shifts.ts';

export type NightAlarmRow = Selectable<AlarmsTable>;

/** Columns a response-time breakdown groups by. */
export type GroupColumn = 'alert_type' | 'alert_level' | 'shift' | 'handler_id' | 'handler_name';

/** Counts of one group (all alarms of the group; for caregiver groups, the ones they handled). */
export interface GroupCounts {
  key: Record<GroupColumn, string | number | null>;
  count: number;
  handled: number;
  relieved: number;
  pending: number;
  within: number;
  falseAlarms: number;
}

/** The response times at the two ranks around the median and the 90th percentile (0-based ranks, docs/analytics.md). */
export interface GroupRanks {
  key: Record<GroupColumn, string | number | null>;
  n: number;
  medianLow: number;
  medianHigh: number | null;
  p90Low: number;
  p90High: number | null;
}

export interface ResponseQuery {
  providerId: number;
  windows: readonly ShiftWindow[];
  from: number;
  to: number;
  targetMs: number;
}

const num = (value: unknown): number => Number(value ?? 0);
const bigint = (value: number) => sql`cast(${value} as bigint)`;

/** SQL of response-time analytics, handover summaries and the analytics settings. */
export function analyticsRepository(db: Db) {
  /**
   * The alarms of the range with their shift: a VALUES list of the shift windows (computed in
   * the care home's time zone) joined on raised_at, so the same SQL runs on SQLite and PostgreSQL.
   */
  function alarmRows(query: ResponseQuery): RawBuilder<unknown> {
    const windows = query.windows.length > 0 ? query.windows : [{ shift: -1, from: 0, to: 0 }];
    const values = sql.join(windows.map((window) => sql`(cast(${window.shift} as integer), ${bigint(window.from)}, ${bigint(window.to)})`));
    const falseChoices = sql.join(FALSE_ALARM_CHOICES.map((choice) => sql`${choice}`));
    return sql`
      windows (shift, from_ms, to_ms) as (values ${values}),
      alarm_rows as (
        select w.shift as shift, a.alert_type as alert_type, a.alert_level as alert_level, a.handler_id as handler_id,
          coalesce(a.handler_name, '') as handler_name, 0 as everything,
          case when a.deal_state = 'processed' then 1 else 0 end as handled,
          case when a.deal_state <> 'processed' and a.relieved = 1 then 1 else 0 end as relieved,
          case when a.deal_state <> 'processed' and a.relieved = 0 then 1 else 0 end as pending,
          case when a.deal_state = 'processed' then a.response_ms end as response_ms,
          case when a.deal_state = 'processed' and a.response_ms <= ${bigint(query.targetMs)} then 1 else 0 end as within,
          case when a.deal_state = 'processed' and a.deal_option in (${falseChoices}) then 1 else 0 end as false_alarm
        from alarms a
        join windows w on a.raised_at >= w.from_ms and a.raised_at < w.to_ms
        where a.provider_id = ${query.providerId} and a.raised_at >= ${bigint(query.from)} and a.raised_at < ${bigint(query.to)}
      )`;
  }

  const columnsOf = (group: readonly GroupColumn[]) => (group.length > 0 ? group : ['everything']);
  const keyOf = (row: Record<string, unknown>, group: readonly GroupColumn[]) =>
    Object.fromEntries(group.map((column) => [column, row[column] === null || row[column] === undefined ? null : column === 'alert_type' || column === 'handler_name' ? String(row[column]) : num(row[column])])) as Record<GroupColumn, string | number | null>;

  return {
    /** Counts per group; `handledOnly` limits them to handled alarms (caregiver breakdowns). */
    async groupCounts(query: ResponseQuery, group: readonly GroupColumn[], handledOnly: boolean): Promise<GroupCounts[]> {
      const columns = sql.join(columnsOf(group).map((column) => sql.ref(column)));
      const result = await sql<Record<string, unknown>>`
        with ${alarmRows(query)}
        select ${columns}, count(*) as n, sum(handled) as handled, sum(relieved) as relieved, sum(pending) as pending,
          sum(within) as within, sum(false_alarm) as false_alarms
        from alarm_rows
        ${handledOnly ? sql`where handled = 1` : sql``}
        group by ${columns}`.execute(db);
      return result.rows.map((row) => ({
        key: keyOf(row, group),
        count: num(row.n),
        handled: num(row.handled),
        relieved: num(row.relieved),
        pending: num(row.pending),
        within: num(row.within),
        falseAlarms: num(row.false_alarms),
      }));
    },

    /**
     * Per group, the handled alarms' response times at 0-based ranks floor((n-1)·p) and the one
     * after, for p = 0.5 and 0.9 (integer arithmetic: (n-1)/2 and (n-1)*9/10 truncate on both
     * databases). The service interpolates between them.
     */
    async groupRanks(query: ResponseQuery, group: readonly GroupColumn[]): Promise<GroupRanks[]> {
      const columns = sql.join(columnsOf(group).map((column) => sql.ref(column)));
      const result = await sql<Record<string, unknown>>`
        with ${alarmRows(query)},
        ranked as (
          select ${columns}, response_ms,
            row_number() over (partition by ${columns} order by response_ms) - 1 as r,
            count(*) over (partition by ${columns}) as n
          from alarm_rows where handled = 1 and response_ms is not null
        )
        select ${columns}, n,
          max(case when r = (n - 1) / 2 then response_ms end) as median_low,
          max(case when r = (n - 1) / 2 + 1 then response_ms end) as median_high,
          max(case when r = (n - 1) * 9 / 10 then response_ms end) as p90_low,
          max(case when r = (n - 1) * 9 / 10 + 1 then response_ms end) as p90_high
        from ranked
        group by ${columns}, n`.execute(db);
      return result.rows.map((row) => ({
        key: keyOf(row, group),
        n: num(row.n),
        medianLow: num(row.median_low),
        medianHigh: row.median_high === null || row.median_high === undefined ? null : num(row.median_high),
        p90Low: num(row.p90_low),
        p90High: row.p90_high === null || row.p90_high === undefined ? null : num(row.p90_high),
      }));
    },

    async findSettings(providerId: number) {
      return db.selectFrom('analytics_settings').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
    },

    async allSettings() {
      return db.selectFrom('analytics_settings').selectAll().execute();
    },

    async saveSettings(providerId: number, shiftStarts: readonly string[], targetSeconds: number, now: number): Promise<void> {
      const values = { shift_starts: JSON.stringify(shiftStarts), target_seconds: targetSeconds, updated_at: now };
      await db
        .insertInto('analytics_settings')
        .values({ provider_id: providerId, ...values })
        .onConflict((conflict) => conflict.column('provider_id').doUpdateSet(values))
        .execute();
    },

    /** Alarms raised in [from, to), newest first. */
    async alarmsRaised(providerId: number, from: number, to: number): Promise<NightAlarmRow[]> {
      return db.selectFrom('alarms').selectAll().where('provider_id', '=', providerId).where('raised_at', '>=', from).where('raised_at', '<', to).orderBy('raised_at', 'desc').orderBy('id', 'desc').execute();
    },

    /** Alarms still pending (neither handled nor relieved) raised before the time, newest first. */
    async pendingBefore(providerId: number, before: number, limit: number): Promise<NightAlarmRow[]> {
      return db.selectFrom('alarms').selectAll().where('provider_id', '=', providerId).where('open_key', 'is not', null).where('raised_at', '<', before).orderBy('raised_at', 'desc').limit(limit).execute();
    },

    /** The sleep reports of the morning's date with the resident's name and bed. */
    async sleepReportsOf(providerId: number, date: string) {
      return db
        .selectFrom('daily_reports as report')
        .innerJoin('residents as resident', 'resident.id', 'report.resident_id')
        .leftJoin('beds as bed', 'bed.id', 'resident.bed_id')
        .leftJoin('rooms as room', 'room.id', 'bed.room_id')
        .leftJoin('areas as floor', 'floor.id', 'room.floor_id')
        .leftJoin('areas as building', 'building.id', 'floor.parent_id')
        .select([
          'report.resident_id', 'report.analysed', 'report.score', 'report.sleep_minutes', 'report.efficiency', 'report.wake_ups', 'report.ahi', 'report.apnea_grade',
          'resident.name', 'bed.name as bed', 'room.name as room', 'floor.name as floor', 'building.name as building',
        ])
        .where('report.provider_id', '=', providerId)
        .where('resident.provider_id', '=', providerId)
        .where('report.report_date', '=', date)
        .execute();
    },

    /** The provider's devices, with the place each is bound to. */
    async devicesOf(providerId: number) {
      return db
        .selectFrom('devices as device')
        .leftJoin('beds as bed', 'bed.id', 'device.bed_id')
        .leftJoin('rooms as room', (join) => join.on((eb) => eb('room.id', '=', eb.fn.coalesce('device.room_id', 'bed.room_id'))))
        .leftJoin('areas as floor', 'floor.id', 'room.floor_id')
        .leftJoin('areas as building', 'building.id', 'floor.parent_id')
        .select(['device.device_id', 'device.device_type', 'device.online', 'device.online_changed_at', 'device.battery', 'device.location', 'bed.name as bed', 'room.name as room', 'floor.name as floor', 'building.name as building'])
        .where('device.provider_id', '=', providerId)
        .execute();
    },

    async findSummary(providerId: number, date: string): Promise<string | undefined> {
      const row = await db.selectFrom('handover_summaries').select('summary').where('provider_id', '=', providerId).where('night_date', '=', date).executeTakeFirst();
      return row?.summary;
    },

    /** Stores the night's summary once (a second process's or run's insert is ignored). */
    async storeSummary(providerId: number, date: string, summary: string, now: number): Promise<void> {
      await db
        .insertInto('handover_summaries')
        .values({ provider_id: providerId, night_date: date, summary, created_at: now })
        .onConflict((conflict) => conflict.columns(['provider_id', 'night_date']).doNothing())
        .execute();
    },

    /** The provider's name (deleted or not), for the handover PDF's heading. */
    async providerName(providerId: number): Promise<string | undefined> {
      const row = await db.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirst();
      return row?.name;
    },

    /** Providers (not deleted) and which of them already have a summary for each date asked. */
    async activeProviders(): Promise<number[]> {
      const rows = await db.selectFrom('providers').select('id').where('deleted_at', 'is', null).where('enabled', '=', 1).execute();
      return rows.map((row) => row.id);
    },

    async storedDates(providerIds: readonly number[], dates: readonly string[]): Promise<Set<string>> {
      if (providerIds.length === 0 || dates.length === 0) return new Set();
      const rows = await db.selectFrom('handover_summaries').select(['provider_id', 'night_date']).where('provider_id', 'in', [...providerIds]).where('night_date', 'in', [...dates]).execute();
      return new Set(rows.map((row) => `${row.provider_id}/${row.night_date}`));
    },

    /** Drops summaries older than the date (kept as long as the alarms they describe). */
    async purgeSummariesBefore(date: string): Promise<number> {
      const result = await db.deleteFrom('handover_summaries').where('night_date', '<', date).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
