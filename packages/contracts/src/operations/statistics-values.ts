import type { Role } from '../role-values.ts';

// Statistics roles and figures without schemas: the console's screens read them without zod.

/** Who opens /statistics (spec 01 §2). */
export const STATISTICS_ROLES = ['ONE_ROLE', 'TWO_ROLE', 'GOVERNMENT'] as const satisfies readonly Role[];
/** Who sets the coefficient (/settings/statisticsMult: ONE_ROLE, TWO_ROLE). */
export const STATISTICS_RULE_ROLES = ['ONE_ROLE', 'TWO_ROLE'] as const satisfies readonly Role[];
/** Who assigns providers to government accounts: the vendor's administrators. */
export const GOVERNMENT_ASSIGNER_ROLES = ['SENIOR_ROLE', 'SUPER_ROLE', 'BUSINESS_ROLE'] as const satisfies readonly Role[];

/** The coefficient's range and step (two decimals). 1 shows real figures. */
export const STATISTICS_MULT_DEFAULT = 1;
/** A device at or under this battery percent counts as battery low. */
export const STATISTICS_BATTERY_LOW_PERCENT = 20;
/** Daily trend length and monthly trend length. */
export const STATISTICS_TREND_DAYS = 30;
export const STATISTICS_TREND_MONTHS = 12;
/** Sleep score bands of the score distribution: lower bounds. */
export const SLEEP_SCORE_BANDS = ['0-59', '60-69', '70-79', '80-89', '90-100'] as const;
export type SleepScoreBand = (typeof SLEEP_SCORE_BANDS)[number];
/** Age bands of admitted residents (spec 01 §9): up to 60, 61-70, 71-80, 81-90, over 90. */
export const AGE_BANDS = ['0-60', '61-70', '71-80', '81-90', '91+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The band of an age in whole years. */
export function ageBand(age: number): AgeBand {
  if (age <= 60) return '0-60';
  if (age <= 70) return '61-70';
  if (age <= 80) return '71-80';
  if (age <= 90) return '81-90';
  return '91+';
}
