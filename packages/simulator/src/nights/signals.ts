import type { SLEEP_STATES, TelemetrySample } from '@vigil/contracts';
import { unit, valueNoise } from '../random.ts';
import { EPOCH_MS, stageAt, type Interval, type NightTruth, type TruthStage } from './truth.ts';

type SleepState = (typeof SLEEP_STATES)[number];

/** Heart-rate offset from the resting value per stage: it falls in deep sleep. */
const HEART_OFFSET: Record<TruthStage, number> = { out: 0, awake: 4, light: -3, deep: -8, rem: 1 };
/** Breathing-rate offset: slow and regular in deep sleep. */
const BREATH_OFFSET: Record<TruthStage, number> = { out: 0, awake: 1.5, light: -0.5, deep: -2, rem: 1.5 };
/** How long a resident sits on the edge of the bed before getting up, seconds. */
const SITTING_S = 30;
const SUSPECTED_SITTING_S = 10;

/** The interval holding `time`, by binary search over sorted, disjoint intervals. */
function within(intervals: readonly Interval[], time: number): Interval | undefined {
  let low = 0;
  let high = intervals.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const interval = intervals[middle];
    if (time < interval.start) high = middle - 1;
    else if (time >= interval.end) low = middle + 1;
    else return interval;
  }
  return undefined;
}

/** Offset of a stage, smoothed over the previous two minutes so rates drift rather than jump. */
function smoothed(truth: NightTruth, time: number, table: Record<TruthStage, number>): number {
  let total = 0;
  for (let step = 0; step < 5; step++) total += table[stageAt(truth, time - step * EPOCH_MS)];
  return total / 5;
}

/** Seconds before the resident leaves bed (a bed exit or rising), or Infinity. */
function secondsBeforeLeaving(truth: NightTruth, time: number): number {
  let next = Infinity;
  for (const exit of truth.bedExits) if (exit.start > time) { next = exit.start; break; }
  if (next === Infinity && truth.outOfBedAt > time) next = truth.outOfBedAt;
  return (next - time) / 1000;
}

/** The one-second sample a sleep monitor reports at `time` (whole seconds), as a pure function of the night. */
export function nightSample(truth: NightTruth, time: number): TelemetrySample {
  const stage = stageAt(truth, time);
  const second = Math.floor(time / 1000);
  if (stage === 'out') return { t: time, hr: 0, rr: 0, move: 0, bed: 'out' };
  const seed = truth.seed;
  const jitter = (channel: number) => unit(seed, channel, second) * 2 - 1;
  const leaving = stage === 'awake' ? secondsBeforeLeaving(truth, time) : Infinity;
  if (leaving <= SITTING_S) {
    return {
      t: time,
      hr: Math.round(truth.baseline.heartRate + 10 + jitter(1) * 2),
      rr: Math.round(truth.baseline.breathingRate + 4 + jitter(2)),
      move: Math.round(30 + unit(seed, 3, second) * 30),
      bed: leaving <= SITTING_S - SUSPECTED_SITTING_S ? 'sitting' : 'suspectedSitting',
    };
  }
  const pause = within(truth.breathingPauses, time);
  const sincePause = (() => {
    if (pause) return null;
    const recent = within(truth.breathingPauses, time - 10_000);
    return recent ? (time - recent.end) / 1000 : null;
  })();
  const movement = within(truth.movements, time);
  const remVariability = stage === 'rem' ? valueNoise(seed, 4, time / 30_000) * 4 : 0;
  let hr = truth.baseline.heartRate + smoothed(truth, time, HEART_OFFSET) + valueNoise(seed, 5, time / 300_000) * 2.5 + remVariability + jitter(6) * 1.2;
  let rr = truth.baseline.breathingRate + smoothed(truth, time, BREATH_OFFSET) + valueNoise(seed, 7, time / 600_000) * 1 + (stage === 'deep' ? 0 : jitter(8) * 0.8);
  if (pause) {
    hr -= Math.min(6, (time - pause.start) / 4000);
    rr = 0;
  } else if (sincePause !== null && sincePause >= 0) {
    hr += 8;
    rr += 4;
  }
  if (movement) hr += 3;
  const move = movement ? Math.round(20 + unit(seed, 9, Math.floor(movement.start / 1000)) * 50 + jitter(10) * 8) : 0;
  return { t: time, hr: Math.max(30, Math.round(hr)), rr: Math.max(0, Math.round(rr)), move: Math.max(0, Math.min(100, move)), bed: 'in' };
}

/** One sample per second in [from, to) (both rounded down to whole seconds). */
export function nightSamples(truth: NightTruth, from: number, to: number): TelemetrySample[] {
  const samples: TelemetrySample[] = [];
  for (let time = Math.floor(from / 1000) * 1000; time < to; time += 1000) samples.push(nightSample(truth, time));
  return samples;
}

const DEVICE_STATE: Record<TruthStage, SleepState> = { out: 'awake', awake: 'awake', light: 'light', deep: 'deep', rem: 'light' };
/** How late the device's own estimate follows the truth, and how often it misreads an epoch. */
const DEVICE_STATE_LAG_MS = 60_000;
const DEVICE_STATE_MISREAD = 0.1;

/**
 * The sleep state a monitor itself reports beside its samples (`state`): the truth seen
 * a minute late, REM read as light, one epoch in ten misread, `fallingAsleep` for the
 * first minutes of sleep after waking. Undefined out of bed. Night samples leave it out:
 * staging is the analysis' job, and it is scored against the truth, not against this.
 */
export function deviceStateAt(truth: NightTruth, time: number): SleepState | undefined {
  if (stageAt(truth, time) === 'out') return undefined;
  const lagged = stageAt(truth, time - DEVICE_STATE_LAG_MS);
  let state = DEVICE_STATE[lagged];
  const epoch = Math.floor((time - truth.start) / EPOCH_MS);
  if (unit(truth.seed, 11, epoch) < DEVICE_STATE_MISREAD) {
    state = state === 'deep' ? 'light' : state === 'awake' ? 'light' : unit(truth.seed, 12, epoch) < 0.5 ? 'deep' : 'awake';
  }
  const before = stageAt(truth, time - DEVICE_STATE_LAG_MS - 3 * 60_000);
  if (state === 'light' && (before === 'awake' || before === 'out')) return 'fallingAsleep';
  return state;
}
