import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDailyReport, getDailyReportData, getDailyReportPageList, getMonthReport, getMonthReportTimes, getTimePeriod, sleepReportUserList, type InputOf, type ReportListFlag } from '@vigil/contracts';
import { callApi, downloadPath } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/language.ts';

export const SLEEP_REPORT_KEY = ['sleepReport'] as const;

/** The report list's query: page and search. */
export interface ReportResidentQuery {
  pageNum: number;
  pageSize: number;
  keyWord?: string;
  flags?: ReportListFlag;
}
export type DailyReportQuery = InputOf<typeof getDailyReportPageList>;

/** Residents with a sleep monitor or a report, with their latest night (the report list). */
export function useReportResidents(query: ReportResidentQuery) {
  return useQuery({ queryKey: [...SLEEP_REPORT_KEY, 'residents', query], queryFn: () => callApi(sleepReportUserList, query), placeholderData: keepPreviousData });
}

/** A page of daily reports (a resident's nights). */
export function useDailyReports(query: DailyReportQuery, enabled = true) {
  return useQuery({ queryKey: [...SLEEP_REPORT_KEY, 'daily', query], queryFn: () => callApi(getDailyReportPageList, query), placeholderData: keepPreviousData, enabled });
}

/** One daily report's header figures, by id or by resident and date. */
export function useDailyReport(by: { id?: number; userId?: number; date?: string }, enabled = true) {
  return useQuery({ queryKey: [...SLEEP_REPORT_KEY, 'report', by], queryFn: () => callApi(getDailyReport, by), enabled, retry: false });
}

/** The whole analysis of one daily report (charts). */
export function useDailyReportData(id: number | undefined) {
  return useQuery({ queryKey: [...SLEEP_REPORT_KEY, 'data', id], queryFn: () => callApi(getDailyReportData, { id: id ?? 0 }), enabled: id !== undefined });
}

/** The resident's sleep schedule and when the report is made. */
export function useTimePeriod(userId: number) {
  return useQuery({ queryKey: [...SLEEP_REPORT_KEY, 'period', userId], queryFn: () => callApi(getTimePeriod, { userId }), enabled: userId > 0 });
}

/** A resident's monthly analysis. */
export function useMonthReport(userId: number, month: string | undefined) {
  return useQuery({ queryKey: [...SLEEP_REPORT_KEY, 'month', userId, month], queryFn: () => callApi(getMonthReport, { userId, month: month ?? '' }), enabled: userId > 0 && Boolean(month), retry: false });
}

/** Months with reports for a resident, newest first. */
export function useMonthTimes(userId: number) {
  return useQuery({ queryKey: [...SLEEP_REPORT_KEY, 'months', userId], queryFn: () => callApi(getMonthReportTimes, { userId }), enabled: userId > 0 });
}

/** The server's A4 PDF of one daily report, in the interface language. */
export function downloadDailyPdf(id: number): Promise<void> {
  return downloadPath('/report/exportDailyPdf', { id, lang: currentLanguage() }, 'pdf');
}

/** The server's A4 PDF of a resident's month, in the interface language. */
export function downloadMonthPdf(userId: number, month: string): Promise<void> {
  return downloadPath('/report/exportMonthPdf', { userId, month, lang: currentLanguage() }, 'pdf');
}
