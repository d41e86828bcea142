import { RISK_GRADES, SLEEP_MONITOR_TYPES, type ReportListFlag } from '@vigil/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DailyReportsTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

export type DailyReportRow = Selectable<DailyReportsTable> & { resident_name: string; resident_state: string; bed_name: string | null; room_name: string | null };
export type DailyReportValues = Omit<Insertable<DailyReportsTable>, 'id'>;

/** Grades that flag a night in the report list. */
const RAISED_GRADES = RISK_GRADES.filter((grade) => grade !== 'none');

export interface DailyReportFilter {
  keyWord?: string;
  residentId?: number | null;
  startDate?: string | null;
  endDate?: string | null;
}

/** A resident whose sleep monitor the nightly job reads. */
export interface MonitoredResident {
  residentId: number;
  providerId: number;
  deviceId: string;
  settings: string;
}

/** SQL for daily and monthly sleep reports, and the residents with a bound sleep monitor. */
export function reportRepository(db: Db) {
  function dailyWithResident() {
    return db
      .selectFrom('daily_reports as d')
      .innerJoin('residents as r', 'r.id', 'd.resident_id')
      .leftJoin('beds as b', 'b.id', 'r.bed_id')
      .leftJoin('rooms as rm', 'rm.id', 'b.room_id')
      .selectAll('d')
      .select(['r.name as resident_name', 'r.state as resident_state', 'b.name as bed_name', 'rm.name as room_name']);
  }

  /** Sleep monitors of a provider's residents: bound to the resident, or to the resident's bed. */
  function monitors() {
    return db
      .selectFrom('residents as r')
      .innerJoin('devices as dv', (join) =>
        join.onRef('dv.provider_id', '=', 'r.provider_id').on((eb) => eb.or([eb('dv.resident_id', '=', eb.ref('r.id')), eb.and([eb('r.bed_id', 'is not', null), eb('dv.bed_id', '=', eb.ref('r.bed_id'))])])),
      )
      .where('dv.device_type', 'in', [...SLEEP_MONITOR_TYPES]);
  }

  return {
    /** Inserts unless the resident already has a report for the date; answers the new id, or null. */
    async insertDaily(values: DailyReportValues): Promise<number | null> {
      const row = await db
        .insertInto('daily_reports')
        .values(values)
        .onConflict((conflict) => conflict.columns(['resident_id', 'report_date']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Stores a re-analysed night over the report of that resident and date (its id stays, so links keep working); answers the id. */
    async replaceDaily(values: DailyReportValues): Promise<number> {
      const { provider_id: _provider, resident_id: _resident, report_date: _date, ...changed } = values;
      const row = await db
        .insertInto('daily_reports')
        .values(values)
        .onConflict((conflict) => conflict.columns(['resident_id', 'report_date']).doUpdateSet({
          analysed: changed.analysed, reason: changed.reason ?? null, score: changed.score ?? null, sleep_minutes: changed.sleep_minutes, time_in_bed_minutes: changed.time_in_bed_minutes ?? null,
          efficiency: changed.efficiency ?? null, deep_share: changed.deep_share ?? null, wake_ups: changed.wake_ups ?? null, left_bed_count: changed.left_bed_count ?? null,
          body_movement_index: changed.body_movement_index ?? null, hr_mean: changed.hr_mean ?? null, rr_mean: changed.rr_mean ?? null, ahi: changed.ahi ?? null,
          apnea_grade: changed.apnea_grade ?? null, af_grade: changed.af_grade ?? null, bed_time: changed.bed_time ?? null, wake_time: changed.wake_time ?? null,
          device_id: changed.device_id, window_from: changed.window_from, window_to: changed.window_to, analysis: changed.analysis, created_at: changed.created_at,
        }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findDaily(providerId: number, id: number): Promise<DailyReportRow | undefined> {
      return dailyWithResident().where('d.provider_id', '=', providerId).where('d.id', '=', id).executeTakeFirst();
    },

    async findDailyByDate(providerId: number, residentId: number, date: string): Promise<DailyReportRow | undefined> {
      return dailyWithResident().where('d.provider_id', '=', providerId).where('d.resident_id', '=', residentId).where('d.report_date', '=', date).executeTakeFirst();
    },

    /** Residents (of these) that already have a report for the date. */
    async residentsReported(residentIds: readonly number[], date: string): Promise<Set<number>> {
      if (residentIds.length === 0) return new Set();
      const rows = await db.selectFrom('daily_reports').select('resident_id').where('report_date', '=', date).where('resident_id', 'in', [...residentIds]).execute();
      return new Set(rows.map((row) => row.resident_id));
    },

    /** Newest date first, then newest report. The analysis JSON is not read for lists. */
    async pageDaily(providerId: number, filter: DailyReportFilter, pageNum: number, pageSize: number): Promise<{ rows: Omit<DailyReportRow, 'analysis'>[]; total: number }> {
      let query = db.selectFrom('daily_reports as d').innerJoin('residents as r', 'r.id', 'd.resident_id').where('d.provider_id', '=', providerId);
      if (filter.residentId) query = query.where('d.resident_id', '=', filter.residentId);
      if (filter.startDate) query = query.where('d.report_date', '>=', filter.startDate);
      if (filter.endDate) query = query.where('d.report_date', '<=', filter.endDate);
      if (filter.keyWord) {
        const keyWord = filter.keyWord;
        query = query.where((eb) => containsText(eb.ref('r.name_key'), keyWord));
      }
      const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const ids = (await query.select('d.id').orderBy('d.report_date', 'desc').orderBy('d.id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()).map((row) => row.id);
      const rows = ids.length
        ? await db
            .selectFrom('daily_reports as d')
            .innerJoin('residents as r', 'r.id', 'd.resident_id')
            .leftJoin('beds as b', 'b.id', 'r.bed_id')
            .leftJoin('rooms as rm', 'rm.id', 'b.room_id')
            .select(['d.id', 'd.provider_id', 'd.resident_id', 'd.device_id', 'd.report_date', 'd.window_from', 'd.window_to', 'd.analysed', 'd.reason', 'd.score', 'd.sleep_minutes', 'd.time_in_bed_minutes', 'd.efficiency', 'd.deep_share', 'd.wake_ups', 'd.left_bed_count', 'd.body_movement_index', 'd.hr_mean', 'd.rr_mean', 'd.ahi', 'd.apnea_grade', 'd.af_grade', 'd.bed_time', 'd.wake_time', 'd.created_at'])
            .select(['r.name as resident_name', 'r.state as resident_state', 'b.name as bed_name', 'rm.name as room_name'])
            .where('d.id', 'in', ids)
            .orderBy('d.report_date', 'desc')
            .orderBy('d.id', 'desc')
            .execute()
        : [];
      return { rows, total: Number(total.n) };
    },

    /** The analysed nights of a resident in a month (YYYY-MM), oldest first, as the monthly analysis reads them. */
    async analysedNightsOfMonth(residentId: number, month: string) {
      return db
        .selectFrom('daily_reports')
        .select(['report_date', 'score', 'sleep_minutes', 'time_in_bed_minutes', 'efficiency', 'deep_share', 'wake_ups', 'left_bed_count', 'body_movement_index', 'hr_mean', 'rr_mean', 'ahi', 'af_grade'])
        .where('resident_id', '=', residentId)
        .where('analysed', '=', 1)
        .where('report_date', '>=', `${month}-01`)
        .where('report_date', '<=', `${month}-31`)
        .orderBy('report_date')
        .execute();
    },

    async upsertMonthly(values: { provider_id: number; resident_id: number; month: string; nights: number; analysis: string; updated_at: number }): Promise<void> {
      await db
        .insertInto('monthly_reports')
        .values(values)
        .onConflict((conflict) => conflict.columns(['resident_id', 'month']).doUpdateSet({ nights: values.nights, analysis: values.analysis, updated_at: values.updated_at }))
        .execute();
    },

    async findMonthly(residentId: number, month: string) {
      return db.selectFrom('monthly_reports').select(['nights', 'analysis']).where('resident_id', '=', residentId).where('month', '=', month).executeTakeFirst();
    },

    /** Months with daily reports of a resident and their analysed nights, newest first. */
    async monthsOf(residentId: number): Promise<{ month: string; nights: number }[]> {
      const rows = await db.selectFrom('daily_reports').select(['report_date', 'analysed']).where('resident_id', '=', residentId).execute();
      const months = new Map<string, number>();
      for (const row of rows) months.set(row.report_date.slice(0, 7), (months.get(row.report_date.slice(0, 7)) ?? 0) + row.analysed);
      return [...months].map(([month, nights]) => ({ month, nights })).sort((a, b) => b.month.localeCompare(a.month));
    },

    /** Every resident (not checked out or deregistered) with a bound sleep monitor, across providers: the first monitor each. */
    async monitoredResidents(): Promise<MonitoredResident[]> {
      const rows = await monitors()
        .where('r.state', 'not in', ['checkedOut', 'deregistered'])
        .select(['r.id as resident_id', 'r.provider_id', 'dv.device_id', 'dv.settings', 'dv.id as device_row'])
        .orderBy('r.id')
        .orderBy('dv.id')
        .execute();
      const seen = new Set<number>();
      const residents: MonitoredResident[] = [];
      for (const row of rows) {
        if (seen.has(row.resident_id)) continue;
        seen.add(row.resident_id);
        residents.push({ residentId: row.resident_id, providerId: row.provider_id, deviceId: row.device_id, settings: row.settings });
      }
      return residents;
    },

    /** The first sleep monitor of one resident. */
    async monitorOf(providerId: number, residentId: number): Promise<{ device_id: string; settings: string } | undefined> {
      return monitors().where('r.provider_id', '=', providerId).where('r.id', '=', residentId).select(['dv.device_id', 'dv.settings']).orderBy('dv.id').executeTakeFirst();
    },

    async findResident(residentId: number) {
      return db.selectFrom('residents').select(['id', 'provider_id', 'name', 'state']).where('id', '=', residentId).executeTakeFirst();
    },

    /** Residents of a provider with a sleep monitor or a report; keyWord matches name, room or bed. */
    async pageReportResidents(providerId: number, { keyWord, flags }: { keyWord?: string; flags?: ReportListFlag }, pageNum: number, pageSize: number) {
      let query = db
        .selectFrom('residents as r')
        .leftJoin('beds as b', 'b.id', 'r.bed_id')
        .leftJoin('rooms as rm', 'rm.id', 'b.room_id')
        .where('r.provider_id', '=', providerId)
        .where((eb) => eb.or([
          eb.exists(eb.selectFrom('daily_reports as d').select('d.id').whereRef('d.resident_id', '=', 'r.id')),
          eb.exists(eb.selectFrom('devices as dv').select('dv.id').whereRef('dv.provider_id', '=', 'r.provider_id').where('dv.device_type', 'in', [...SLEEP_MONITOR_TYPES])
            .where((inner) => inner.or([inner('dv.resident_id', '=', inner.ref('r.id')), inner.and([inner('r.bed_id', 'is not', null), inner('dv.bed_id', '=', inner.ref('r.bed_id'))])]))),
        ]));
      if (keyWord) query = query.where((eb) => eb.or([containsText(eb.ref('r.name_key'), keyWord), containsText(eb.ref('b.name_key'), keyWord), containsText(eb.ref('rm.name_key'), keyWord)]));
      if (flags === 'noReport') query = query.where((eb) => eb.not(eb.exists(eb.selectFrom('daily_reports as d').select('d.id').whereRef('d.resident_id', '=', 'r.id'))));
      if (flags === 'flagged') {
        // The latest night's grades, as the list shows them: a grade above none on either.
        query = query.where((eb) => eb.exists(eb.selectFrom('daily_reports as d').select('d.id').whereRef('d.resident_id', '=', 'r.id')
          .where((inner) => inner('d.report_date', '=', inner.selectFrom('daily_reports as l').select((latest) => latest.fn.max('l.report_date').as('m')).whereRef('l.resident_id', '=', 'r.id')))
          .where((inner) => inner.or([inner('d.apnea_grade', 'in', RAISED_GRADES), inner('d.af_grade', 'in', RAISED_GRADES)]))));
      }
      const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      // Residents with a report first (the list opens with reports to read: issue 25 item 20), then the newest residents.
      const rows = await query
        .select(['r.id', 'r.name', 'r.state', 'b.name as bed_name', 'rm.name as room_name'])
        .orderBy((eb) => eb.case().when(eb.exists(eb.selectFrom('daily_reports as d').select('d.id').whereRef('d.resident_id', '=', 'r.id'))).then(0).else(1).end())
        .orderBy('r.id', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      return { rows, total: Number(total.n) };
    },

    /** The latest report of each of these residents. */
    async latestReports(residentIds: readonly number[]) {
      if (residentIds.length === 0) return [];
      return db
        .selectFrom('daily_reports as d')
        .select(['d.id', 'd.resident_id', 'd.report_date', 'd.analysed', 'd.score', 'd.apnea_grade', 'd.af_grade'])
        .where('d.resident_id', 'in', [...residentIds])
        .where((eb) => eb('d.report_date', '=', eb.selectFrom('daily_reports as l').select((inner) => inner.fn.max('l.report_date').as('m')).whereRef('l.resident_id', '=', 'd.resident_id')))
        .execute();
    },

    /** Sleep monitors (plain IDs) of these residents: the first each. */
    async monitorsOf(providerId: number, residentIds: readonly number[]): Promise<Map<number, string>> {
      if (residentIds.length === 0) return new Map();
      const rows = await monitors().where('r.provider_id', '=', providerId).where('r.id', 'in', [...residentIds]).select(['r.id as resident_id', 'dv.device_id']).orderBy('dv.id', 'desc').execute();
      return new Map(rows.map((row) => [row.resident_id, row.device_id]));
    },
  };
}
export type ReportRepository = ReturnType<typeof reportRepository>;
