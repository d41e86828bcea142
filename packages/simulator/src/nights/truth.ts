/**
 * Ground truth of a simulated night: what "really" happened in bed, so a sleep
 * analysis fed the night's samples can be scored against it.
 */

/** Truth per 30-second epoch. `rem` is its own stage here; devices and reports fold it into light sleep. */
export const TRUTH_STAGES = ['out', 'awake', 'light', 'deep', 'rem'] as const;
export type TruthStage = (typeof TRUTH_STAGES)[number];

/** Length of a scoring epoch (the usual 30 s of sleep staging). */
export const EPOCH_MS = 30_000;

/** A span of time, epoch ms, start inclusive, end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

export interface StageSegment extends Interval {
  stage: TruthStage;
}

export interface NightTruth {
  seed: number;
  /** Start of the night's window (first epoch), epoch ms. */
  start: number;
  /** End of the window, exclusive; `start + epochs.length * EPOCH_MS`. */
  end: number;
  /** Got into bed. */
  inBedAt: number;
  /** First epoch of sleep; null if the resident never slept. */
  sleepOnset: number | null;
  /** End of the last epoch of sleep (final awakening); null if never asleep. */
  wakeAt: number | null;
  /** Left bed for the day. */
  outOfBedAt: number;
  /** Stage per 30-s epoch from `start`. */
  epochs: TruthStage[];
  /** The same, as runs of one stage. */
  segments: StageSegment[];
  /** Times out of bed during the night (between inBedAt and outOfBedAt). */
  bedExits: Interval[];
  /** Breathing pauses (rr 0 in the samples), 10 s or longer. */
  breathingPauses: Interval[];
  /** Body movements (move > 0 in the samples). */
  movements: Interval[];
  /** Resting values of this resident: heart and breathing rate while quietly awake in bed. */
  baseline: { heartRate: number; breathingRate: number };
  /** Breathing pauses per hour of sleep this night was generated with. */
  apneaPerHour: number;
}

/** The truth stage at a moment (`out` outside the window). */
export function stageAt(truth: NightTruth, time: number): TruthStage {
  if (time < truth.start || time >= truth.end) return 'out';
  return truth.epochs[Math.floor((time - truth.start) / EPOCH_MS)];
}

export interface NightTruthSummary {
  timeInBedMs: number;
  totalSleepMs: number;
  /** totalSleep / timeInBed, 0–1. */
  efficiency: number;
  sleepLatencyMs: number | null;
  lightMs: number;
  deepMs: number;
  remMs: number;
  /** Deep sleep share of total sleep, 0–1. */
  deepShare: number;
  /** Awakenings after onset longer than 5 minutes (spec 02 §9: a wake-up counts after more than 5 minutes awake), in bed or out. */
  wakeUps: number;
  bedExitCount: number;
  breathingPauseCount: number;
  /** Breathing pauses per hour of sleep (an AHI-like figure). */
  pausesPerHour: number;
  movementCount: number;
}

const WAKE_UP_MIN_MS = 5 * 60_000;

/** Headline figures of a night's truth, in the terms of a sleep report. */
export function summarizeTruth(truth: NightTruth): NightTruthSummary {
  const sum = (stage: TruthStage) => truth.epochs.filter((value) => value === stage).length * EPOCH_MS;
  const lightMs = sum('light');
  const deepMs = sum('deep');
  const remMs = sum('rem');
  const totalSleepMs = lightMs + deepMs + remMs;
  const timeInBedMs = truth.outOfBedAt - truth.inBedAt - truth.bedExits.reduce((total, exit) => total + exit.end - exit.start, 0);
  let wakeUps = 0;
  if (truth.sleepOnset !== null && truth.wakeAt !== null) {
    let runStart: number | null = null;
    for (const segment of truth.segments) {
      const asleep = segment.stage === 'light' || segment.stage === 'deep' || segment.stage === 'rem';
      if (segment.start < truth.sleepOnset || segment.start >= truth.wakeAt) continue;
      if (!asleep && runStart === null) runStart = segment.start;
      if (asleep && runStart !== null) {
        if (segment.start - runStart > WAKE_UP_MIN_MS) wakeUps++;
        runStart = null;
      }
    }
  }
  const sleepHours = totalSleepMs / 3_600_000;
  return {
    timeInBedMs,
    totalSleepMs,
    efficiency: timeInBedMs > 0 ? totalSleepMs / timeInBedMs : 0,
    sleepLatencyMs: truth.sleepOnset === null ? null : truth.sleepOnset - truth.inBedAt,
    lightMs,
    deepMs,
    remMs,
    deepShare: totalSleepMs > 0 ? deepMs / totalSleepMs : 0,
    wakeUps,
    bedExitCount: truth.bedExits.length,
    breathingPauseCount: truth.breathingPauses.length,
    pausesPerHour: sleepHours > 0 ? truth.breathingPauses.length / sleepHours : 0,
    movementCount: truth.movements.length,
  };
}
