import { analyseMonth } from '../../analysis/sleep/index.ts';
import { type DailyReport, MonthAnalysisSchema, NightAnalysisSchema, REPORT_AFTER_WAKE_MINUTES, SLEEP_DISCLAIMER_DATE, SLEEP_MONITOR_DEFAULTS, MONTHLY_MIN_NIGHTS, type ParsedInputOf, type OutputOf, type getTimePeriod, type sleepReportUserList, type ResidentState, RESIDENT_STATES } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { Scope } from '../../tenancy/scope.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';
import { monitorSettings } from './daily-reports.ts';
import { gradeOf, presentDailyReport, reportStatusOf } from './report.presenter.ts';
import type { DailyReportFilter, ReportRepository } from './report.repository.ts';
import { addClockMinutes } from './zoned-time.ts';

function residentState(state: string): ResidentState {
  return RESIDENT_STATES.find((candidate) => candidate === state) ?? 'notAdmitted';
}

/** Reading sleep reports, always within the provider the user works in. */
export function reportService(reports: ReportRepository, settings: SettingsRepository) {
  /** The resident, if it belongs to the working provider; otherwise not found (as if missing). */
  async function ownResident(scope: Scope, residentId: number) {
    const providerId = workingProviderId(scope);
    const resident = await reports.findResident(residentId);
    assertOwned(resident, providerId, 'resident.notFound');
    return { providerId, resident };
  }

  return {
    async page(scope: Scope, filter: DailyReportFilter, pageNum: number, pageSize: number): Promise<{ rows: DailyReport[]; total: number; pageNum: number; pageSize: number }> {
      const providerId = workingProviderId(scope);
      const page = await reports.pageDaily(providerId, filter, pageNum, pageSize);
      return { rows: page.rows.map(presentDailyReport), total: page.total, pageNum, pageSize };
    },

    async daily(scope: Scope, by: { id?: number; userId?: number; date?: string }) {
      const providerId = workingProviderId(scope);
      const row = by.id !== undefined ? await reports.findDaily(providerId, by.id) : await reports.findDailyByDate(providerId, by.userId ?? 0, by.date ?? '');
      if (!row) throw errors.notFound('report.notFound');
      return { ...presentDailyReport(row), disclaimerDate: SLEEP_DISCLAIMER_DATE };
    },

    async dailyData(scope: Scope, id: number) {
      const row = await reports.findDaily(workingProviderId(scope), id);
      if (!row) throw errors.notFound('report.notFound');
      return { id: row.id, date: row.report_date, analysis: NightAnalysisSchema.parse(JSON.parse(row.analysis)) };
    },

    async timePeriod(scope: Scope, residentId: number): Promise<OutputOf<typeof getTimePeriod>> {
      const { providerId } = await ownResident(scope, residentId);
      const monitor = await reports.monitorOf(providerId, residentId);
      const schedule = monitor ? monitorSettings(monitor.settings).sleepSchedule : SLEEP_MONITOR_DEFAULTS.sleepSchedule;
      return {
        deviceId: monitor?.device_id ?? null,
        bedTime: schedule.bedTime,
        wakeTime: schedule.wakeTime,
        reportBy: addClockMinutes(schedule.wakeTime, REPORT_AFTER_WAKE_MINUTES),
        timeZone: (await settings.get('timeZone')) ?? 'UTC',
      };
    },

    async month(scope: Scope, residentId: number, month: string) {
      const { resident } = await ownResident(scope, residentId);
      const stored = await reports.findMonthly(residentId, month);
      const analysis = stored ? MonthAnalysisSchema.parse(JSON.parse(stored.analysis)) : analyseMonth([]);
      return { residentId, residentName: resident.name, month, status: reportStatusOf(resident.state), analysis, disclaimerDate: SLEEP_DISCLAIMER_DATE };
    },

    async monthTimes(scope: Scope, residentId: number) {
      await ownResident(scope, residentId);
      return (await reports.monthsOf(residentId)).map((entry) => ({ ...entry, enough: entry.nights >= MONTHLY_MIN_NIGHTS }));
    },

    async residents(scope: Scope, { keyWord, flags, pageNum, pageSize }: ParsedInputOf<typeof sleepReportUserList>): Promise<OutputOf<typeof sleepReportUserList>> {
      const providerId = workingProviderId(scope);
      const page = await reports.pageReportResidents(providerId, { keyWord, flags }, pageNum, pageSize);
      const ids = page.rows.map((row) => row.id);
      const latest = new Map((await reports.latestReports(ids)).map((row) => [row.resident_id, row]));
      const monitors = await reports.monitorsOf(providerId, ids);
      return {
        rows: page.rows.map((row) => {
          const report = latest.get(row.id);
          return {
            residentId: row.id,
            name: row.name,
            room: row.room_name,
            bunk: row.bed_name,
            state: residentState(row.state),
            status: reportStatusOf(row.state),
            deviceId: monitors.get(row.id) ?? null,
            latestReport: report ? { id: report.id, date: report.report_date, analysed: report.analysed === 1, score: report.score, apneaGrade: gradeOf(report.apnea_grade), afGrade: gradeOf(report.af_grade) } : null,
          };
        }),
        total: page.total,
        pageNum,
        pageSize,
      };
    },
  };
}
export type ReportService = ReturnType<typeof reportService>;
