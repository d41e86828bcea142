/**
 * Sleep-report constants (spec 02 §9) and the analysis parameters built on them.
 * docs/sleep-analysis.md explains each one and where it comes from.
 */

/** Stages are scored per 30-second epoch, as in polysomnography (AASM). */
export const EPOCH_SECONDS = 30;
/** A night with less sleep than this is not analysed (spec 02 §9). */
export const MIN_SLEEP_MINUTES = 10;
/** Monthly analysis needs at least this many daily reports (spec 02 §9). */
export const MONTHLY_MIN_NIGHTS = 7;
/** A wake-up counts only after more than this many minutes awake (spec 02 §9). */
export const WAKE_UP_MIN_MINUTES = 5;
/** The daily report is made within this many minutes after the set wake time (spec 02 §9). */
export const REPORT_AFTER_WAKE_MINUTES = 15;

/** Step of the rate and movement trend through the night (the report's charts), minutes. */
export const TREND_STEP_MINUTES = 5;

/** Reference values of a good night (spec 02 §9). */
export const SLEEP_REFERENCE = {
  /** Sleep duration, hours. */
  sleepHoursMin: 7,
  sleepHoursMax: 8,
  /** Sleep efficiency, percent. */
  efficiencyMin: 80,
  /** Deep-sleep share of sleep, percent. */
  deepShareMin: 20,
  /** Body movements per hour of sleep. */
  bodyMovementsPerHourMax: 5,
  /** Awakenings per hour of sleep. */
  wakeUpsPerHourMax: 0.4,
  /** Awake time as a share of the sleep period, percent. */
  awakeShareMax: 20,
  /** Apnea–hypopnea index, pauses per hour. */
  ahiMax: 5,
} as const;

/** Risk grades of breathing pauses and atrial fibrillation (spec 02 §4). */
export const RISK_GRADES = ['none', 'low', 'moderate', 'high'] as const;
export type RiskGrade = (typeof RISK_GRADES)[number];

/** AHI bands (spec 02 §9): under 5 none, 5–15 low, 15–30 moderate ("medium"), 30 and above high. */
export const AHI_BANDS: readonly { grade: RiskGrade; from: number }[] = [
  { grade: 'none', from: 0 },
  { grade: 'low', from: 5 },
  { grade: 'moderate', from: 15 },
  { grade: 'high', from: 30 },
];

/** The AHI band of a value. */
export function ahiGrade(ahi: number): RiskGrade {
  let grade: RiskGrade = 'none';
  for (const band of AHI_BANDS) if (ahi >= band.from) grade = band.grade;
  return grade;
}

/** Stages of the hypnogram: the four sleep states of spec 02 §4, plus out of bed. */
export const HYPNOGRAM_STAGES = ['outOfBed', 'awake', 'fallingAsleep', 'light', 'deep'] as const;
export type HypnogramStage = (typeof HYPNOGRAM_STAGES)[number];

/** Report status (spec 02 §4): normal, or logged off (the resident has left). */
export const REPORT_STATUSES = ['normal', 'loggedOff'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * Spec 02 §1: monitoring data is reference only, not medical advice; the disclaimer shown with
 * reports carries this date. The analysis grades risks; it never diagnoses.
 */
export const SLEEP_DISCLAIMER_DATE = '2023-11-24';
