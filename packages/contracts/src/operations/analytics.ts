import { z } from 'zod';
import { RELEASE_CHOICES } from '../alarms/handling.ts';
import { LanguageSchema } from '../language-schema.ts';
import { booleanish } from './common.ts';
import { CARE_ROLES, fileOutput } from './care-common.ts';
import { defineOperation } from './define.ts';
import { ReportDateSchema } from './reports.ts';
import { SHIFT_COUNT_MIN, SHIFT_COUNT_MAX, RESPONSE_TARGET_SECONDS_MIN, RESPONSE_TARGET_SECONDS_MAX, ANALYTICS_RANGE_DAYS_MAX } from '../domain-limits.ts';
// Re-exported, not imported and exported: a bundler then binds a screen's import to the zod-free
// module itself, without this module's schemas (docs/performance.md).
export { SHIFT_COUNT_MIN, SHIFT_COUNT_MAX, RESPONSE_TARGET_SECONDS_MIN, RESPONSE_TARGET_SECONDS_MAX, ANALYTICS_RANGE_DAYS_MAX } from '../domain-limits.ts';

/**
 * Response-time analytics and the night handover summary (issue 13, "Beyond the spec";
 * docs/analytics.md). Shifts are wall-clock start times in the care home's time zone: each
 * shift runs until the next one starts, the last one across midnight to the first.
 */

/** Vigil's default shifts: 07–15, 15–23, 23–07. */
export const DEFAULT_SHIFT_STARTS: readonly string[] = ['07:00', '15:00', '23:00'];
/** The night shift is the shift that holds this wall-clock time. */
export const NIGHT_PROBE_CLOCK = '03:00';
/** An alarm handled within this many seconds counts as within the target (default 3 minutes). */
export const RESPONSE_TARGET_SECONDS_DEFAULT = 180;
/** Alarms are kept 31 days (spec 02 §9), so a longer range would read empty days. */
/** Release choices that say the alarm was false (spec 02 §3 "Handling options"). */
export const FALSE_ALARM_CHOICES: readonly (typeof RELEASE_CHOICES)[number][] = ['MISTAKE_RECHECK', 'MISTAKE_ABNORMAL'];
/** A sleep score below this is a bad night in the handover summary. */
export const POOR_SLEEP_SCORE = 60;
/** A device at or below this battery percent is listed as running low. */
export const LOW_BATTERY_PERCENT = 20;
/** Alarms listed one by one in a handover summary (the rest are counted). */
export const HANDOVER_ALARM_ITEMS_MAX = 100;

const CARE = CARE_ROLES;

const clockSchema = z.string({ error: 'validation.shiftTime' }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.shiftTime' });

/** The provider's analytics settings as saved: shift start times (sorted, distinct) and the response target. */
export const AnalyticsSettingsInputSchema = z.object({
  shiftStarts: z
    .array(clockSchema, { error: 'validation.shiftCount' })
    .min(SHIFT_COUNT_MIN, { error: 'validation.shiftCount' })
    .max(SHIFT_COUNT_MAX, { error: 'validation.shiftCount' })
    .refine((starts) => new Set(starts).size === starts.length, { error: 'validation.shiftsDistinct' })
    .transform((starts) => [...starts].sort()),
  targetSeconds: z.coerce
    .number({ error: 'validation.responseTarget' })
    .int({ error: 'validation.responseTarget' })
    .min(RESPONSE_TARGET_SECONDS_MIN, { error: 'validation.responseTarget' })
    .max(RESPONSE_TARGET_SECONDS_MAX, { error: 'validation.responseTarget' }),
});
export type AnalyticsSettingsInput = z.output<typeof AnalyticsSettingsInputSchema>;

export const ShiftSchema = z.object({
  index: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** "23:00–07:00": the same in every language. */
  label: z.string(),
  night: z.boolean(),
});
export type Shift = z.infer<typeof ShiftSchema>;

export const AnalyticsSettingsSchema = z.object({
  shiftStarts: z.array(z.string()),
  targetSeconds: z.number().int(),
  shifts: z.array(ShiftSchema),
  /** The care home's time zone the shifts are read in. */
  timeZone: z.string(),
  /** False while the provider still uses the defaults. */
  saved: z.boolean(),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettingsSchema>;

/** Figures of a group of alarms. Times are seconds from raised to handled (handled alarms only). */
export const ResponseStatsSchema = z.object({
  /** Alarms raised (for a caregiver: alarms they handled). */
  count: z.number().int(),
  handled: z.number().int(),
  /** Relieved (by the device, Vigil's rules or the console) without being handled. */
  relieved: z.number().int(),
  pending: z.number().int(),
  /** Median and 90th percentile, linear interpolation between ranks (docs/analytics.md); null without handled alarms. */
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
  /** Share (0–1) of handled alarms handled within the target. */
  withinTargetShare: z.number().nullable(),
  /** Share (0–1) of handled alarms handled as false alarms (MISTAKE_RECHECK, MISTAKE_ABNORMAL). */
  falseAlarmShare: z.number().nullable(),
});
export type ResponseStats = z.infer<typeof ResponseStatsSchema>;

const typeKey = { alertType: z.string(), alertLevel: z.number().int() };
const shiftKey = { shift: z.number().int() };
const caregiverKey = { handlerId: z.number().int().nullable(), handlerName: z.string() };

export const ResponseTimesSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  targetSeconds: z.number().int(),
  shifts: z.array(ShiftSchema),
  overall: ResponseStatsSchema,
  byType: z.array(ResponseStatsSchema.extend(typeKey)),
  byShift: z.array(ResponseStatsSchema.extend(shiftKey)),
  byCaregiver: z.array(ResponseStatsSchema.extend(caregiverKey)),
  /** Alert type × level × shift × caregiver (handled alarms). */
  detail: z.array(ResponseStatsSchema.extend({ ...typeKey, ...shiftKey, ...caregiverKey })),
});
export type ResponseTimes = z.infer<typeof ResponseTimesSchema>;

const dateRangeSchema = z
  .object({ from: ReportDateSchema, to: ReportDateSchema })
  .refine((range) => range.from <= range.to, { error: 'validation.dateRange', path: ['to'] })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < ANALYTICS_RANGE_DAYS_MAX, { error: 'validation.analyticsRange', path: ['to'] });

export const responseTimes = defineOperation({
  id: 'analytics.responseTimes', method: 'GET', path: '/analytics/responseTimes', tag: 'analytics', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Response times per alarm type and level, shift and caregiver between two local dates (at most 31 days): count, median and 90th percentile to handle, share within the target, false-alarm share',
  input: dateRangeSchema,
  output: ResponseTimesSchema,
});

export const analyticsSettings = defineOperation({
  id: 'analytics.settings', method: 'GET', path: '/analytics/settings', tag: 'analytics', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'The provider\'s shifts (start times in the care home\'s time zone) and response target; defaults 07:00, 15:00, 23:00 and 180 s until saved',
  input: z.object({}),
  output: AnalyticsSettingsSchema,
});

export const saveAnalyticsSettings = defineOperation({
  id: 'analytics.saveSettings', method: 'POST', path: '/analytics/settings', tag: 'analytics', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Save the shifts (1–6 distinct HH:mm start times) and the response target (10–3600 s)',
  input: AnalyticsSettingsInputSchema,
  output: AnalyticsSettingsSchema,
});

// ---- Night handover ------------------------------------------------------------------------

export const HandoverAlarmSchema = z.object({
  id: z.number().int(),
  raisedAt: z.number().int(),
  alertType: z.string(),
  alertLevel: z.number().int(),
  deviceId: z.string(),
  userName: z.string(),
  place: z.string(),
  state: z.enum(['handled', 'relieved', 'pending']),
  handlerName: z.string().nullable(),
  responseSeconds: z.number().nullable(),
  dealOption: z.string().nullable(),
});
export type HandoverAlarm = z.infer<typeof HandoverAlarmSchema>;

export const HANDOVER_SLEEP_REASONS = ['poorSleep', 'breathingPauses'] as const;
export const HandoverResidentSchema = z.object({
  residentId: z.number().int(),
  name: z.string(),
  place: z.string(),
  score: z.number().nullable(),
  sleepMinutes: z.number().nullable(),
  wakeUps: z.number().nullable(),
  ahi: z.number().nullable(),
  apneaGrade: z.string().nullable(),
  /** Breath-stop alarms of the night. */
  breathStopAlarms: z.number().int(),
  reasons: z.array(z.enum(HANDOVER_SLEEP_REASONS)),
});
export type HandoverResident = z.infer<typeof HandoverResidentSchema>;

export const HandoverDeviceSchema = z.object({
  deviceId: z.string(),
  deviceType: z.number().int(),
  place: z.string(),
  /** When it went offline or reported low battery in the night (null: only the current reading says so). */
  at: z.number().int().nullable(),
  /** Offline list: online again now. Battery list: percent, when known. */
  online: z.boolean(),
  battery: z.number().int().nullable(),
});
export type HandoverDevice = z.infer<typeof HandoverDeviceSchema>;

export const HandoverSummarySchema = z.object({
  /** The local date of the morning the night shift ended. */
  date: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  shiftLabel: z.string(),
  timeZone: z.string(),
  generatedAt: z.number().int(),
  /** True when this is the copy the scheduled job stored at the end of the night shift. */
  stored: z.boolean(),
  alarms: z.object({
    stats: ResponseStatsSchema,
    byType: z.array(z.object({ alertType: z.string(), alertLevel: z.number().int(), count: z.number().int(), handled: z.number().int(), relieved: z.number().int(), pending: z.number().int() })),
    items: z.array(HandoverAlarmSchema),
    /** Alarms of the night in all (items holds the latest HANDOVER_ALARM_ITEMS_MAX). */
    itemsTotal: z.number().int(),
  }),
  /** Alarms still pending when the summary was made, whenever raised. */
  pending: z.array(HandoverAlarmSchema),
  sleep: z.object({ reports: z.number().int(), residents: z.array(HandoverResidentSchema) }),
  devices: z.object({ offline: z.array(HandoverDeviceSchema), lowBattery: z.array(HandoverDeviceSchema) }),
});
export type HandoverSummary = z.infer<typeof HandoverSummarySchema>;

export const handoverSummary = defineOperation({
  id: 'analytics.handover', method: 'GET', path: '/analytics/handover', tag: 'analytics', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'The night handover summary of a local date (the morning the night shift ended; default: the last ended night): the stored copy, or computed now (fresh=true, or none stored)',
  input: z.object({ date: ReportDateSchema.optional(), fresh: booleanish.optional() }),
  output: HandoverSummarySchema,
});

export const handoverPdf = defineOperation({
  id: 'analytics.handoverPdf', method: 'GET', path: '/analytics/handoverPdf', tag: 'analytics', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'The night handover summary as a one-page A4 PDF in the chosen language',
  input: z.object({ date: ReportDateSchema.optional(), lang: LanguageSchema.optional(), fresh: booleanish.optional() }),
  output: fileOutput,
});
