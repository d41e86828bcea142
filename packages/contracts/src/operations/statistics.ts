import { z } from 'zod';
import { idSchema, nullOutput } from './common.ts';
import { defineOperation } from './define.ts';
import { STATISTICS_MULT_MIN, STATISTICS_MULT_MAX } from '../domain-limits.ts';
import { AGE_BANDS, GOVERNMENT_ASSIGNER_ROLES, SLEEP_SCORE_BANDS, STATISTICS_ROLES, STATISTICS_RULE_ROLES } from './statistics-values.ts';

// Re-exported, not imported and exported: a bundler then binds a screen's import to the zod-free
// module itself, without this module's schemas (docs/performance.md).
export { STATISTICS_MULT_MIN, STATISTICS_MULT_MAX } from '../domain-limits.ts';
// The roles and figures live in statistics-values.ts (no zod), which screens read.
export * from './statistics-values.ts';

/**
 * Big-data statistics (issue 13, spec 01 §2 /statistics and §9, spec 02 §2, §7 "Big data", §9;
 * docs/statistics.md). Figures come from one snapshot per provider per day, written at 00:00 in
 * the care home's time zone. Every answer carries the real figures, the shown figures (counts
 * times the provider's coefficient) and the coefficient with the date it applies from.
 */

export const statisticsMultSchema = z.coerce
  .number({ error: 'statistics.mult' })
  .refine((value) => Number.isFinite(value) && value >= STATISTICS_MULT_MIN && value <= STATISTICS_MULT_MAX && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: 'statistics.mult' });

/** Which provider's figures: one the caller may see (getProviderOption); default the first. */
const providerInput = z.object({ providerId: idSchema.optional().nullable() });

/** The coefficient applied to a snapshot's counts. */
export const statisticsScaleSchema = z.object({
  factor: z.number().describe('Shown counts = real counts × factor (rounded). 1: not scaled'),
  scaled: z.boolean(),
  since: z.string().nullable().describe('YYYY-MM-DD (care home time zone) the factor applies from; null when never set'),
});
export type StatisticsScale = z.infer<typeof statisticsScaleSchema>;

/** A snapshot's identity: which provider, which day, when written. */
const snapshotHead = {
  providerId: z.number().int(),
  providerName: z.string(),
  date: z.string().nullable().describe('YYYY-MM-DD, the local day the snapshot covers; null when there is none'),
  refreshedAt: z.number().int().nullable().describe('When the snapshot was written (epoch ms)'),
  timeZone: z.string(),
  scale: statisticsScaleSchema,
};

/** Answers `{…head, real, shown}`: the same figures twice, real and scaled. */
function scaledAnswer<T extends z.ZodType>(figures: T) {
  return z.object({ ...snapshotHead, real: figures, shown: figures });
}

const count = z.number().int();
const dailyPoint = z.object({ date: z.string(), value: z.number() });
const monthlyPoint = z.object({ month: z.string(), value: z.number() });
/** A figure's 30-day series (one point per snapshot) and 12-month series (sums of flows, averages of stocks). */
const trendSchema = z.object({ daily: z.array(dailyPoint), monthly: z.array(monthlyPoint) });

export const residentFiguresSchema = z.object({
  residents: count.describe('Residents admitted at the end of the day'),
  beds: count,
  occupiedBeds: count,
  occupancyPercent: z.number().describe('Occupied beds / beds × 100 (a ratio: never scaled)'),
  checkIns: count.describe('Check-ins during the day'),
  checkOuts: count.describe('Check-outs during the day'),
  away: count.describe('Admitted residents temporarily away (hospital, family visit) at the end of the day (/user/transient/post)'),
  ageBands: z.array(z.object({ band: z.enum(AGE_BANDS), residents: count })).describe('Admitted residents by age at the end of the day (spec 01 §9): up to 60, 61-70, 71-80, 81-90, over 90'),
  residentTrend: trendSchema,
  checkInTrend: trendSchema,
});
export const deviceKindFiguresSchema = z.object({ kind: z.string(), total: count, online: count, offline: count, batteryLow: count });
export const deviceFiguresSchema = z.object({
  total: count, online: count, offline: count, batteryLow: count,
  byKind: z.array(deviceKindFiguresSchema),
  onlineTrend: trendSchema,
});
export const nursingFiguresSchema = z.object({
  caregivers: count,
  assignedResidents: count.describe('Residents with at least one caregiver'),
  unassignedResidents: count,
  residentsPerCaregiver: z.number().describe('Average residents per caregiver (a ratio: never scaled)'),
  busiestCaregiverResidents: count.describe('Residents of the caregiver with the most'),
  alarmsHandled: count.describe('Alarms handled during the day'),
  handledTrend: trendSchema,
});
export const alertFiguresSchema = z.object({
  raised: count, handled: count, pending: count.describe('Alarms still pending at the end of the day'),
  level1: count, level2: count,
  byType: z.array(z.object({ alertType: z.string(), level1: count, level2: count })),
  responseMedianMs: z.number().nullable().describe('Median time to handle, alarms handled during the day (a duration: never scaled)'),
  responseP90Ms: z.number().nullable(),
  raisedTrend: trendSchema,
  /** Alarms per day of the last 30 snapshots, per level. */
  dailyByLevel: z.array(z.object({ date: z.string(), level1: count, level2: count })),
});
export const sleepFiguresSchema = z.object({
  reports: count.describe('Analysed nights of the day'),
  averageScore: z.number().nullable(),
  scoreBands: z.array(z.object({ band: z.enum(SLEEP_SCORE_BANDS), residents: count })),
  ahiRisk: count.describe('Residents whose night had AHI ≥ 5'),
  afRisk: count.describe('Residents whose night had an atrial-fibrillation risk grade above none'),
  reportTrend: trendSchema,
});
export const communityFiguresSchema = z.object({
  communities: z.array(z.object({ areaId: z.number().int(), name: z.string(), residents: count, beds: count, occupiedBeds: count, devices: count, devicesOnline: count, alarms: count })),
});
export type ResidentFigures = z.infer<typeof residentFiguresSchema>;
export type DeviceFigures = z.infer<typeof deviceFiguresSchema>;
export type NursingFigures = z.infer<typeof nursingFiguresSchema>;
export type AlertFigures = z.infer<typeof alertFiguresSchema>;
export type SleepFigures = z.infer<typeof sleepFiguresSchema>;
export type CommunityFigures = z.infer<typeof communityFiguresSchema>;

const TAG = 'statistics';
const bigData = (name: string, summary: string) => ({ id: `bigData.${name}`, method: 'POST' as const, path: `/bigData/${name}`, tag: TAG, encoding: 'json' as const, auth: 'session' as const, roles: STATISTICS_ROLES, summary });

export const getProviderOption = defineOperation({
  ...bigData('getProviderOption', 'Providers whose statistics the caller may see: own (and class II) providers, or a government account\'s assigned providers'),
  input: z.object({}).passthrough(),
  output: z.array(z.object({ providerId: z.number().int(), providerName: z.string(), level: z.number().int() })),
});
export const getUserBunkData = defineOperation({ ...bigData('getUserBunkData', 'Residents and beds: occupancy, check-ins and check-outs, trends'), input: providerInput, output: scaledAnswer(residentFiguresSchema) });
export const getDeviceData = defineOperation({ ...bigData('getDeviceData', 'Devices by kind: online, offline, battery low, trend'), input: providerInput, output: scaledAnswer(deviceFiguresSchema) });
export const getNursingData = defineOperation({ ...bigData('getNursingData', 'Caregivers and their load'), input: providerInput, output: scaledAnswer(nursingFiguresSchema) });
export const getAlertData = defineOperation({ ...bigData('getAlertData', 'Alarms by type and level per day, handled and pending, response median and p90'), input: providerInput, output: scaledAnswer(alertFiguresSchema) });
export const getSleepData = defineOperation({ ...bigData('getSleepData', 'Sleep: score distribution, residents with AHI or AF risk'), input: providerInput, output: scaledAnswer(sleepFiguresSchema) });
export const getCommunityData = defineOperation({ ...bigData('getCommunityData', 'Figures per building or community'), input: providerInput, output: scaledAnswer(communityFiguresSchema) });

export const statisticsRuleSchema = z.object({
  providerId: z.number().int(),
  timeZone: z.string(),
  current: z.object({ factor: z.number(), since: z.string().nullable() }),
  /** A saved change waiting for the next 00:00. */
  pending: z.object({ factor: z.number(), from: z.string(), fromInstant: z.number().int() }).nullable(),
});
export type StatisticsRule = z.infer<typeof statisticsRuleSchema>;

export const queryRuleSetting = defineOperation({
  ...bigData('queryRuleSetting', 'The statistics coefficient in force and any change waiting for the next 00:00 (care home time zone)'),
  roles: STATISTICS_RULE_ROLES,
  input: providerInput,
  output: statisticsRuleSchema,
});
export const dataRuleSetting = defineOperation({
  ...bigData('dataRuleSetting', 'Sets the statistics coefficient; it applies from the next 00:00 in the care home\'s time zone'),
  roles: STATISTICS_RULE_ROLES,
  input: providerInput.extend({ mult: statisticsMultSchema }),
  output: statisticsRuleSchema,
});
export const exportStatistics = defineOperation({
  ...bigData('exportStatistics', 'The dashboard\'s figures as a spreadsheet (xlsx), each with its real and shown value and the factor'),
  method: 'GET', encoding: 'query',
  input: providerInput,
  output: z.any().describe('An xlsx file'),
});

export const governmentProviders = defineOperation({
  id: 'bigData.governmentProviders', method: 'POST', path: '/bigData/governmentProviders', tag: TAG, encoding: 'json', auth: 'session', roles: GOVERNMENT_ASSIGNER_ROLES,
  summary: 'The providers assigned to a government account',
  input: z.object({ accountId: idSchema }),
  output: z.array(z.object({ providerId: z.number().int(), providerName: z.string() })),
});
export const assignGovernmentProviders = defineOperation({
  id: 'bigData.assignGovernmentProviders', method: 'POST', path: '/bigData/assignGovernmentProviders', tag: TAG, encoding: 'json', auth: 'session', roles: GOVERNMENT_ASSIGNER_ROLES,
  summary: 'Replaces the providers a government account may see in statistics',
  input: z.object({ accountId: idSchema, providerIds: z.array(idSchema, { error: 'validation.invalid' }).max(1000, { error: 'validation.invalid' }) }),
  output: nullOutput,
});
/** A care home's own time zone (statistics days, handover nights, response-time shifts follow it). */
export const careHomeTimeZoneSchema = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  timeZone: z.string().nullable().describe('The care home\'s own IANA zone; null follows the platform\'s'),
  effective: z.string().describe('The zone in force: its own, else the platform\'s'),
  platformTimeZone: z.string(),
});
export type CareHomeTimeZone = z.infer<typeof careHomeTimeZoneSchema>;
export const getCareHomeTimeZone = defineOperation({
  id: 'provider.getTimeZone', method: 'GET', path: '/provider/getTimeZone', tag: 'providers', encoding: 'query', auth: 'session', roles: STATISTICS_RULE_ROLES,
  summary: 'The time zone of the care home the caller works in (or of a class II home of a class I caller: providerId)',
  input: z.object({ providerId: idSchema.optional().nullable() }),
  output: careHomeTimeZoneSchema,
});
export const saveCareHomeTimeZone = defineOperation({
  id: 'provider.saveTimeZone', method: 'POST', path: '/provider/saveTimeZone', tag: 'providers', encoding: 'json', auth: 'session', roles: STATISTICS_RULE_ROLES,
  summary: 'Set the care home\'s own time zone (an IANA zone of /system/timeZones), or null to follow the platform\'s',
  input: z.object({ providerId: idSchema.optional().nullable(), timeZone: z.string().trim().min(1, { error: 'system.timeZoneInvalid' }).max(64, { error: 'system.timeZoneInvalid' }).nullable() }),
  output: careHomeTimeZoneSchema,
});
/** Operators and e2e: writes today's due snapshots now (the nightly job's work). Vendor administrators only. */
export const refreshStatistics = defineOperation({
  id: 'bigData.refreshStatistics', method: 'POST', path: '/bigData/refreshStatistics', tag: TAG, encoding: 'json', auth: 'session', roles: ['SENIOR_ROLE', 'SUPER_ROLE'],
  summary: 'Runs the nightly snapshot job now: writes every snapshot that is due and missing',
  input: z.object({}).passthrough(),
  output: z.object({ written: z.number().int() }),
});
