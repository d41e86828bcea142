import { SLEEP_REFERENCE, type SleepScore } from '@vigil/contracts';

/** The figures the score reads. */
export interface ScoreInputs {
  sleepMinutes: number;
  efficiencyPercent: number;
  deepSharePercent: number;
  bodyMovementsPerHour: number;
  wakeUpsPerHour: number;
  awakeSharePercent: number;
  /** null when the AHI could not be assessed: the other parts then carry the score. */
  ahi: number | null;
}

/** Weights of the parts (sum 100). */
export const SCORE_WEIGHTS = { duration: 30, efficiency: 20, deepShare: 15, bodyMovement: 10, wakeUps: 10, apnea: 15 } as const;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** 1 inside 7–8 h; falls linearly to 0 at 3 h below and at 12 h above. */
export function durationPart(hours: number): number {
  if (hours < SLEEP_REFERENCE.sleepHoursMin) return clamp01((hours - 3) / (SLEEP_REFERENCE.sleepHoursMin - 3));
  if (hours > SLEEP_REFERENCE.sleepHoursMax) return clamp01(1 - (hours - SLEEP_REFERENCE.sleepHoursMax) / 4);
  return 1;
}

/** 1 at 80 % or more; 0 at 50 %. */
export function efficiencyPart(percent: number): number {
  return clamp01((percent - 50) / (SLEEP_REFERENCE.efficiencyMin - 50));
}

/** 1 at 20 % deep or more; proportional below. */
export function deepSharePart(percent: number): number {
  return clamp01(percent / SLEEP_REFERENCE.deepShareMin);
}

/** 1 at 5 movements an hour or fewer; 0 at 20. */
export function bodyMovementPart(perHour: number): number {
  return clamp01(1 - (perHour - SLEEP_REFERENCE.bodyMovementsPerHourMax) / 15);
}

/** Mean of: awakenings (1 at 0.4 an hour or fewer, 0 at 2) and awake share (1 at 20 % or less, 0 at 50 %). */
export function wakeUpsPart(perHour: number, awakePercent: number): number {
  const awakenings = clamp01(1 - (perHour - SLEEP_REFERENCE.wakeUpsPerHourMax) / 1.6);
  const awakeShare = clamp01(1 - (awakePercent - SLEEP_REFERENCE.awakeShareMax) / 30);
  return (awakenings + awakeShare) / 2;
}

/** 1 under AHI 5; 1 → 0.5 across 5–15; 0.5 → 0 across 15–30; 0 from 30. */
export function apneaPart(ahi: number): number {
  if (ahi < SLEEP_REFERENCE.ahiMax) return 1;
  if (ahi < 15) return 1 - 0.5 * ((ahi - 5) / 10);
  return clamp01(0.5 - 0.5 * ((ahi - 15) / 15));
}

/** Sleep score 0–100: the weighted mean of the parts, each measured against the spec's reference values. */
export function scoreNight(inputs: ScoreInputs): SleepScore {
  const part = (value: number, weight: number) => ({ value: Math.round(value * 1000) / 1000, weight });
  const parts = {
    duration: part(durationPart(inputs.sleepMinutes / 60), SCORE_WEIGHTS.duration),
    efficiency: part(efficiencyPart(inputs.efficiencyPercent), SCORE_WEIGHTS.efficiency),
    deepShare: part(deepSharePart(inputs.deepSharePercent), SCORE_WEIGHTS.deepShare),
    bodyMovement: part(bodyMovementPart(inputs.bodyMovementsPerHour), SCORE_WEIGHTS.bodyMovement),
    wakeUps: part(wakeUpsPart(inputs.wakeUpsPerHour, inputs.awakeSharePercent), SCORE_WEIGHTS.wakeUps),
    apnea: inputs.ahi === null ? null : part(apneaPart(inputs.ahi), SCORE_WEIGHTS.apnea),
  };
  let total = 0;
  let weights = 0;
  for (const value of Object.values(parts)) {
    if (!value) continue;
    total += value.value * value.weight;
    weights += value.weight;
  }
  return { value: Math.round((total / weights) * 100), parts };
}
