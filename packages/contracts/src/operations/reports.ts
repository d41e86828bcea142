import { z } from 'zod';
import { ClockTimeSchema } from '../devices/device-settings.ts';
import { ResidentStateSchema } from './residents.ts';
import { idSchema, pageOf, pageQuerySchema } from './common.ts';
import { CARE_ROLES, fileOutput } from './care-common.ts';
import { LANGUAGES } from '../languages.ts';
import { defineOperation } from './define.ts';
import { MonthAnalysisSchema } from '../reports/month-analysis.ts';
import { NightAnalysisSchema, RiskGradeSchema } from '../reports/night-analysis.ts';
import { REPORT_STATUSES } from '../reports/sleep-constants.ts';

/** Sleep reports (spec 02 §2 /sleep-report, §7 Reports and /sleepReport/userList); docs/sleep-analysis.md. */
const REPORTS = CARE_ROLES;

export const ReportDateSchema = z.string({ error: 'validation.reportDate' }).regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'validation.reportDate' })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), { error: 'validation.reportDate' });
export const ReportMonthSchema = z.string({ error: 'validation.month' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.month' });
export const ReportStatusSchema = z.enum(REPORT_STATUSES);

/** One daily report as the list and the report header show it. Durations in minutes, times epoch ms. */
export const dailyReportSchema = z.object({
  id: z.number().int(),
  residentId: z.number().int(),
  residentName: z.string(),
  room: z.string().nullable(),
  bunk: z.string().nullable(),
  /** The local date (platform time zone) of the morning the night ended. */
  date: z.string(),
  /** normal, or loggedOff once the resident is deregistered (spec 02 §4). */
  status: ReportStatusSchema,
  analysed: z.boolean(),
  /** Why the night was not analysed (e.g. under 10 minutes of sleep); null when analysed. */
  reason: z.enum(['noData', 'tooLittleSleep']).nullable(),
  score: z.number().int().nullable(),
  sleepMinutes: z.number(),
  timeInBedMinutes: z.number().nullable(),
  efficiencyPercent: z.number().nullable(),
  deepSharePercent: z.number().nullable(),
  wakeUps: z.number().int().nullable(),
  leftBedCount: z.number().int().nullable(),
  heartRateMean: z.number().nullable(),
  breathRateMean: z.number().nullable(),
  ahi: z.number().nullable(),
  apneaGrade: RiskGradeSchema.nullable(),
  afGrade: RiskGradeSchema.nullable(),
  bedTime: z.number().int().nullable(),
  wakeTime: z.number().int().nullable(),
  windowFrom: z.number().int(),
  windowTo: z.number().int(),
  createdAt: z.number().int(),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

export const getDailyReportPageList = defineOperation({
  id: 'report.getDailyReportPageList', method: 'POST', path: '/report/getDailyReportPageList', tag: 'reports', encoding: 'json', auth: 'session', roles: REPORTS,
  summary: 'Page of daily sleep reports, newest first; keyWord matches the resident name; filters resident, date range',
  input: pageQuerySchema.extend({
    userId: idSchema.optional().nullable(),
    startDate: ReportDateSchema.optional().nullable(),
    endDate: ReportDateSchema.optional().nullable(),
  }).refine((input) => !input.startDate || !input.endDate || input.startDate <= input.endDate, { error: 'validation.dateRange', path: ['endDate'] }),
  output: pageOf(dailyReportSchema),
});

export const getDailyReport = defineOperation({
  id: 'report.getDailyReport', method: 'GET', path: '/report/getDailyReport', tag: 'reports', encoding: 'query', auth: 'session', roles: REPORTS,
  summary: 'One daily report (header figures), by id or by resident and date',
  input: z.object({ id: idSchema.optional(), userId: idSchema.optional(), date: ReportDateSchema.optional() })
    .refine((input) => input.id !== undefined || (input.userId !== undefined && input.date !== undefined), { error: 'validation.required', path: ['id'] }),
  output: dailyReportSchema.extend({ disclaimerDate: z.string() }),
});

export const getDailyReportData = defineOperation({
  id: 'report.getDailyReportData', method: 'GET', path: '/report/getDailyReportData', tag: 'reports', encoding: 'query', auth: 'session', roles: REPORTS,
  summary: 'The full analysis of one daily report: stages per epoch (hypnogram), rates, HRV proxy, AHI, AF risk, score parts',
  input: z.object({ id: idSchema }),
  output: z.object({ id: z.number().int(), date: z.string(), analysis: NightAnalysisSchema }),
});

export const getTimePeriod = defineOperation({
  id: 'report.getTimePeriod', method: 'GET', path: '/report/getTimePeriod', tag: 'reports', encoding: 'query', auth: 'session', roles: REPORTS,
  summary: 'A resident\'s normal sleep schedule (from the sleep monitor\'s settings) and when the daily report is made, in the platform time zone',
  input: z.object({ userId: idSchema }),
  output: z.object({
    deviceId: z.string().nullable(),
    bedTime: ClockTimeSchema,
    wakeTime: ClockTimeSchema,
    /** The report is made within 15 minutes after the wake time (spec 02 §9). */
    reportBy: ClockTimeSchema,
    timeZone: z.string(),
  }),
});

export const getMonthReport = defineOperation({
  id: 'report.getMonthReport', method: 'GET', path: '/report/getMonthReport', tag: 'reports', encoding: 'query', auth: 'session', roles: REPORTS,
  summary: 'Monthly analysis of a resident\'s daily reports; fewer than 7 nights answers enough: false (not enough nights)',
  input: z.object({ userId: idSchema, month: ReportMonthSchema }),
  output: z.object({ residentId: z.number().int(), residentName: z.string(), month: z.string(), status: ReportStatusSchema, analysis: MonthAnalysisSchema, disclaimerDate: z.string() }),
});

export const getMonthReportTimes = defineOperation({
  id: 'report.getMonthReportTimes', method: 'GET', path: '/report/getMonthReportTimes', tag: 'reports', encoding: 'query', auth: 'session', roles: REPORTS,
  summary: 'Months with daily reports for a resident, newest first, with the number of analysed nights and whether a monthly analysis can be made',
  input: z.object({ userId: idSchema }),
  output: z.array(z.object({ month: z.string(), nights: z.number().int(), enough: z.boolean() })),
});

/** What the report list can be narrowed to, on the server (so every page and the total follow it). */
export const REPORT_LIST_FLAGS = ['flagged', 'noReport'] as const;
export type ReportListFlag = (typeof REPORT_LIST_FLAGS)[number];

export const sleepReportUserList = defineOperation({
  id: 'sleepReport.userList', method: 'POST', path: '/sleepReport/userList', tag: 'reports', encoding: 'json', auth: 'session', roles: REPORTS,
  summary: 'Residents with a sleep monitor or a sleep report, with their latest report; keyWord matches name, room or bed; flags narrows to residents whose latest night is flagged (an apnea or AF grade above none) or who have no report yet',
  input: pageQuerySchema.extend({ flags: z.enum(REPORT_LIST_FLAGS, { error: 'validation.invalid' }).optional() }),
  output: pageOf(z.object({
    residentId: z.number().int(),
    name: z.string(),
    room: z.string().nullable(),
    bunk: z.string().nullable(),
    state: ResidentStateSchema,
    status: ReportStatusSchema,
    deviceId: z.string().nullable(),
    latestReport: z.object({
      id: z.number().int(), date: z.string(), analysed: z.boolean(), score: z.number().int().nullable(),
      /** The latest night's flags: AHI band and AF risk grade (null when not assessable). */
      apneaGrade: RiskGradeSchema.nullable(), afGrade: RiskGradeSchema.nullable(),
    }).nullable(),
  })),
});

/** The language of an exported file: one of the 7 (any case, e.g. zh-CN); without it, the caller's Accept-Language. */
const exportLanguageSchema = z.string({ error: 'validation.invalid' }).toLowerCase().pipe(z.enum(LANGUAGES, { error: 'validation.invalid' })).optional();

export const exportDailyPdf = defineOperation({
  id: 'report.exportDailyPdf', method: 'GET', path: '/report/exportDailyPdf', tag: 'reports', encoding: 'query', auth: 'session', roles: REPORTS,
  summary: 'One daily report as an A4 PDF file (application/pdf, attachment) with its charts and the disclaimer, in the language asked for',
  input: z.object({ id: idSchema, lang: exportLanguageSchema }),
  output: fileOutput,
});

export const exportMonthPdf = defineOperation({
  id: 'report.exportMonthPdf', method: 'GET', path: '/report/exportMonthPdf', tag: 'reports', encoding: 'query', auth: 'session', roles: REPORTS,
  summary: 'A resident\'s monthly report as an A4 PDF file; a month with fewer than 7 analysed nights is refused (400, report.notEnoughNights)',
  input: z.object({ userId: idSchema, month: ReportMonthSchema, lang: exportLanguageSchema }),
  output: fileOutput,
});
