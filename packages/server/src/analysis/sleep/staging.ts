import { type Epochs, PLACE_LYING, PLACE_OUT } from './epochs.ts';
import { ANALYSIS } from './parameters.ts';

/** Stage codes per epoch, in the order of HYPNOGRAM_STAGES. */
export const STAGE_OUT = 0;
export const STAGE_AWAKE = 1;
export const STAGE_FALLING_ASLEEP = 2;
export const STAGE_LIGHT = 3;
export const STAGE_DEEP = 4;

export interface Staging {
  stages: Uint8Array;
  /** First epoch of persistent sleep, or −1 when the night has none. */
  onset: number;
  /** One past the last sleep epoch, or −1. */
  wakeEnd: number;
}

/** Whether a stage is sleep. */
export function isSleep(stage: number): boolean {
  return stage === STAGE_LIGHT || stage === STAGE_DEEP;
}

/** Cole–Kripke: an epoch lying in bed is quiet (sleep) when the weighted movement around it stays under 1/P. */
function scoreQuiet(epochs: Epochs): Uint8Array {
  const quiet = new Uint8Array(epochs.count);
  const weights = ANALYSIS.coleKripkeWeights;
  for (let e = 0; e < epochs.count; e += 1) {
    if (epochs.place[e] !== PLACE_LYING) continue;
    let d = 0;
    for (let k = 0; k < weights.length; k += 1) {
      const j = e + k - 4;
      if (j >= 0 && j < epochs.count) d += weights[k] * epochs.activity[j];
    }
    if (d * ANALYSIS.coleKripkeScale < 1) quiet[e] = 1;
  }
  return quiet;
}

/** Webster's rescoring rules: sleep just after a long wake, and short sleep islands in long wake, are wake. */
function rescore(quiet: Uint8Array): Uint8Array {
  const sleep = quiet.slice();
  let wakeRun = 0;
  let rescoreLeft = 0;
  for (let e = 0; e < sleep.length; e += 1) {
    if (!sleep[e]) {
      wakeRun += 1;
      rescoreLeft = 0;
      continue;
    }
    if (wakeRun > 0) {
      const rule = ANALYSIS.websterRules.find((candidate) => wakeRun >= candidate.afterWake);
      rescoreLeft = rule ? rule.rescore : 0;
      wakeRun = 0;
    }
    if (rescoreLeft > 0) {
      sleep[e] = 0;
      rescoreLeft -= 1;
    }
  }
  // Islands: runs judged on the sequence after the first rule, so a rescored edge lengthens the wake.
  const runs = runsOf(sleep);
  for (let r = 1; r + 1 < runs.length; r += 1) {
    const run = runs[r];
    if (!run.value) continue;
    const before = runs[r - 1].end - runs[r - 1].start;
    const after = runs[r + 1].end - runs[r + 1].start;
    const length = run.end - run.start;
    if (ANALYSIS.websterIslands.some((rule) => length <= rule.sleep && before >= rule.wake && after >= rule.wake)) sleep.fill(0, run.start, run.end);
  }
  return sleep;
}

interface Run {
  start: number;
  end: number;
  value: number;
}

/** Runs of equal values. */
export function runsOf(values: Uint8Array): Run[] {
  const runs: Run[] = [];
  let start = 0;
  for (let e = 1; e <= values.length; e += 1) {
    if (e === values.length || values[e] !== values[start]) {
      if (values.length > 0) runs.push({ start, end: e, value: values[start] });
      start = e;
    }
  }
  return runs;
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/**
 * The night's sleeping heart rate over sleep epochs with a heart rate: the largest window mean
 * deep sleep may have (median − deepHrBelowMedianMin), or +∞ when the rate is too flat to tell.
 */
function deepHeartRateCeiling(epochs: Epochs, sleep: Uint8Array): number {
  const means: number[] = [];
  for (let e = 0; e < epochs.count; e += 1) if (sleep[e] && epochs.hrN[e] > 0) means.push(epochs.hrSum[e] / epochs.hrN[e]);
  const sorted = Float64Array.from(means).sort();
  if (quantile(sorted, 0.75) - quantile(sorted, 0.25) < ANALYSIS.deepHrFlatIqr) return Number.POSITIVE_INFINITY;
  return quantile(sorted, 0.5) - ANALYSIS.deepHrBelowMedianMin;
}

function sd(n: number, sum: number, sq: number): number {
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sq / n - mean * mean));
}

/**
 * Deep sleep: a sleep epoch whose centred window is still, with metronomic breathing and a heart
 * rate clearly below the night's sleeping median, and far enough into its sleep bout.
 */
function markDeep(epochs: Epochs, sleep: Uint8Array, stages: Uint8Array): void {
  const ceiling = deepHeartRateCeiling(epochs, sleep);
  const half = ANALYSIS.deepWindowEpochs >> 1;
  let boutAge = 0;
  let wakeRun = 0;
  for (let e = 0; e < epochs.count; e += 1) {
    if (!sleep[e]) {
      wakeRun += 1;
      if (wakeRun >= 2) boutAge = 0;
      continue;
    }
    wakeRun = 0;
    boutAge += 1;
    if (boutAge <= ANALYSIS.deepNotBeforeEpochs || e - half < 0 || e + half >= epochs.count) continue;
    let hrN = 0, hrSum = 0, hrSq = 0, rrN = 0, rrSum = 0, rrSq = 0, moveMax = 0, samples = 0;
    let still = true;
    for (let j = e - half; j <= e + half && still; j += 1) {
      if (epochs.place[j] !== PLACE_LYING) still = false;
      moveMax = Math.max(moveMax, epochs.moveMax[j]);
      samples += epochs.samples[j];
      hrN += epochs.hrN[j]; hrSum += epochs.hrSum[j]; hrSq += epochs.hrSq[j];
      rrN += epochs.rrN[j]; rrSum += epochs.rrSum[j]; rrSq += epochs.rrSq[j];
    }
    if (!still || moveMax > ANALYSIS.deepMoveMax || hrN * 2 < samples || rrN * 2 < samples) continue;
    if (sd(rrN, rrSum, rrSq) > ANALYSIS.deepRrSdMax || sd(hrN, hrSum, hrSq) > ANALYSIS.deepHrSdMax) continue;
    if (hrSum / hrN > ceiling) continue;
    stages[e] = STAGE_DEEP;
  }
  for (const run of runsOf(stages)) {
    if (run.value === STAGE_DEEP && run.end - run.start < ANALYSIS.deepMinRunEpochs) stages.fill(STAGE_LIGHT, run.start, run.end);
  }
}

/** Scores every epoch: out of bed, awake, falling asleep, light or deep (docs/sleep-analysis.md). */
export function stageEpochs(epochs: Epochs): Staging {
  const quiet = scoreQuiet(epochs);
  const sleep = rescore(quiet);
  let onset = -1;
  let run = 0;
  for (let e = 0; e < sleep.length && onset < 0; e += 1) {
    run = sleep[e] ? run + 1 : 0;
    if (run >= ANALYSIS.persistentSleepEpochs) onset = e - run + 1;
  }
  let wakeEnd = -1;
  if (onset >= 0) {
    sleep.fill(0, 0, onset);
    for (let e = sleep.length - 1; e >= onset && wakeEnd < 0; e -= 1) if (sleep[e]) wakeEnd = e + 1;
  } else {
    sleep.fill(0);
  }
  const stages = new Uint8Array(epochs.count);
  const quietUntil = wakeEnd >= 0 ? wakeEnd : epochs.count;
  for (let e = 0; e < epochs.count; e += 1) {
    if (epochs.place[e] === PLACE_OUT) stages[e] = STAGE_OUT;
    else if (sleep[e]) stages[e] = STAGE_LIGHT;
    else if (quiet[e] && e < quietUntil) stages[e] = STAGE_FALLING_ASLEEP;
    else stages[e] = STAGE_AWAKE;
  }
  markDeep(epochs, sleep, stages);
  return { stages, onset, wakeEnd };
}
