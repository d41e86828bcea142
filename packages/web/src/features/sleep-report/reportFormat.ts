import { MONTHLY_MIN_NIGHTS, SLEEP_REFERENCE, type MonthAnalysis, type RiskGrade } from '@vigil/contracts';
import { MINUTES_PER_DAY } from '../shared/duration.ts';

/** A sleep duration as a locale key and its numbers (spec 02 §9: shown in minutes). */
export interface MinutesText {
  key: 'sleepReport.time.none' | 'sleepReport.time.lessThanMinute' | 'sleepReport.time.minutes' | 'sleepReport.time.daysHours';
  values: { minutes?: number; days?: number; hours?: number };
}

/**
 * Spec 02 §9's time helper for report durations: whole minutes; under a minute (but some)
 * "less than one minute"; over 1,440 minutes in days and hours; nothing, zero, or a value that
 * is not a number reads as none.
 */
export function minutesText(minutes: number | null | undefined): MinutesText {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes <= 0) return { key: 'sleepReport.time.none', values: {} };
  if (minutes < 1) return { key: 'sleepReport.time.lessThanMinute', values: {} };
  const whole = Math.round(minutes);
  if (whole > MINUTES_PER_DAY) return { key: 'sleepReport.time.daysHours', values: { days: Math.floor(whole / MINUTES_PER_DAY), hours: Math.floor((whole % MINUTES_PER_DAY) / 60) } };
  return { key: 'sleepReport.time.minutes', values: { minutes: whole } };
}

/** Where a value sits against its §9 reference: inside it, under, over, or not known. */
export type ReferenceFlag = 'within' | 'low' | 'high' | 'unknown';

/** The metrics that have a §9 reference value. */
export type ReferencedMetric = 'sleepMinutes' | 'efficiency' | 'deepShare' | 'bodyMovement' | 'wakeUpsPerHour' | 'ahi';

/** A reference as a locale key with its numbers ("420–480 min", "80% and above", "under 5"). */
export interface ReferenceText {
  key: 'sleepReport.reference.range' | 'sleepReport.reference.atLeast' | 'sleepReport.reference.atMost' | 'sleepReport.reference.under';
  values: { min?: number; max?: number; unit: 'minutes' | 'percent' | 'perHour' | 'none' };
}

const REFERENCES: Record<ReferencedMetric, { min?: number; max?: number; maxExclusive?: boolean; text: ReferenceText }> = {
  sleepMinutes: {
    min: SLEEP_REFERENCE.sleepHoursMin * 60,
    max: SLEEP_REFERENCE.sleepHoursMax * 60,
    text: { key: 'sleepReport.reference.range', values: { min: SLEEP_REFERENCE.sleepHoursMin * 60, max: SLEEP_REFERENCE.sleepHoursMax * 60, unit: 'minutes' } },
  },
  efficiency: { min: SLEEP_REFERENCE.efficiencyMin, text: { key: 'sleepReport.reference.atLeast', values: { min: SLEEP_REFERENCE.efficiencyMin, unit: 'percent' } } },
  deepShare: { min: SLEEP_REFERENCE.deepShareMin, text: { key: 'sleepReport.reference.atLeast', values: { min: SLEEP_REFERENCE.deepShareMin, unit: 'percent' } } },
  bodyMovement: { max: SLEEP_REFERENCE.bodyMovementsPerHourMax, text: { key: 'sleepReport.reference.atMost', values: { max: SLEEP_REFERENCE.bodyMovementsPerHourMax, unit: 'perHour' } } },
  wakeUpsPerHour: { max: SLEEP_REFERENCE.wakeUpsPerHourMax, text: { key: 'sleepReport.reference.atMost', values: { max: SLEEP_REFERENCE.wakeUpsPerHourMax, unit: 'perHour' } } },
  ahi: { max: SLEEP_REFERENCE.ahiMax, maxExclusive: true, text: { key: 'sleepReport.reference.under', values: { max: SLEEP_REFERENCE.ahiMax, unit: 'none' } } },
};

/** The §9 reference of a metric, as the report prints it beside the value. */
export function referenceText(metric: ReferencedMetric): ReferenceText {
  return REFERENCES[metric].text;
}

/** Whether a value meets its §9 reference (sleep 7–8 h, efficiency ≥ 80 %, deep ≥ 20 %, movement ≤ 5/h, awakenings ≤ 0.4/h, AHI < 5). */
export function referenceFlag(metric: ReferencedMetric, value: number | null | undefined): ReferenceFlag {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'unknown';
  const reference = REFERENCES[metric];
  if (reference.min !== undefined && value < reference.min) return 'low';
  if (reference.max !== undefined && (reference.maxExclusive ? value >= reference.max : value > reference.max)) return 'high';
  return 'within';
}

/** Awakenings per hour of sleep (the §9 reference is per hour); null without sleep. */
export function perHourOfSleep(count: number | null | undefined, sleepMinutes: number | null | undefined): number | null {
  if (count === null || count === undefined || !sleepMinutes || sleepMinutes <= 0) return null;
  return Math.round((count / (sleepMinutes / 60)) * 100) / 100;
}

/** What the month screen shows: the trends, or "not enough nights" with how many there are of how many needed. */
export type MonthView = { kind: 'trends'; analysis: Extract<MonthAnalysis, { enough: true }> } | { kind: 'notEnoughNights'; nights: number; required: number };

/** Spec 02 §9: fewer than 7 daily records is a "not enough nights" state, never an empty chart. */
export function monthView(analysis: MonthAnalysis): MonthView {
  if (!analysis.enough || analysis.series.length < MONTHLY_MIN_NIGHTS) return { kind: 'notEnoughNights', nights: analysis.nights, required: MONTHLY_MIN_NIGHTS };
  return { kind: 'trends', analysis };
}

/** Tag colour of a risk grade: none green, low gold, moderate orange, high red. */
export function gradeColor(grade: RiskGrade | null): string {
  switch (grade) {
    case 'none':
      return 'green';
    case 'low':
      return 'gold';
    case 'moderate':
      return 'orange';
    case 'high':
      return 'red';
    default:
      return 'default';
  }
}

/** The previous month of a YYYY-MM, and the next. */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}
