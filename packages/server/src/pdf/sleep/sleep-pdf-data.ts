import type { DailyReport, MonthAnalysis, NightAnalysis, ReportStatus } from '@vigil/contracts';

/** What the daily sleep-report PDF shows: the report header, its analysis, and where and when it is read. */
export interface SleepDailyPdfData {
  report: DailyReport;
  analysis: NightAnalysis;
  /** The care home's time zone: clock times in the PDF are its local times. */
  timeZone: string;
  generatedAt: number;
  disclaimerDate: string;
}

/** What the monthly sleep-report PDF shows (a month with enough nights, spec 02 §9). */
export interface SleepMonthlyPdfData {
  residentName: string;
  room: string | null;
  bunk: string | null;
  month: string;
  status: ReportStatus;
  analysis: Extract<MonthAnalysis, { enough: true }>;
  timeZone: string;
  generatedAt: number;
  disclaimerDate: string;
}
