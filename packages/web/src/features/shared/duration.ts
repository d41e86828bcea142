import type { TFunction } from 'i18next';

/** Minutes in a day: longer durations are shown in days (spec 01 §9). */
export const MINUTES_PER_DAY = 1440;

/**
 * How a duration under a minute reads: its seconds (an alarm's dwell, a left-bed
 * delay), or "less than one minute" where minutes are the unit (sleep, stays).
 */
export type UnderMinute = 'seconds' | 'lessThanMinute';

/** A duration as a locale key and the numbers it needs. */
export interface DurationText {
  key: 'time.seconds' | 'time.lessThanMinute' | 'time.minutes' | 'time.hoursMinutes' | 'time.daysHours';
  values: { seconds?: number; minutes?: number; hours?: number; days?: number };
}

/**
 * The time helper of spec 01 §9: under a minute in seconds or "less than one minute";
 * up to 1,440 minutes in hours and minutes; over 1,440 minutes in days (and hours).
 * Whole units, rounded down; negative or non-finite input counts as zero.
 */
export function durationText(totalSeconds: number, underMinute: UnderMinute = 'seconds'): DurationText {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  if (seconds < 60) return underMinute === 'seconds' ? { key: 'time.seconds', values: { seconds } } : { key: 'time.lessThanMinute', values: {} };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { key: 'time.minutes', values: { minutes } };
  if (minutes <= MINUTES_PER_DAY) return { key: 'time.hoursMinutes', values: { hours: Math.floor(minutes / 60), minutes: minutes % 60 } };
  return { key: 'time.daysHours', values: { days: Math.floor(minutes / MINUTES_PER_DAY), hours: Math.floor((minutes % MINUTES_PER_DAY) / 60) } };
}

/** A duration in seconds as the user reads it, in the interface language. */
export function formatDuration(totalSeconds: number, t: TFunction, underMinute: UnderMinute = 'seconds'): string {
  const { key, values } = durationText(totalSeconds, underMinute);
  return t(key, values);
}
