import type { NightAnalysis, RateSummary, RiskGrade } from '@vigil/contracts';
import { BED_IN, type NightColumns } from './columns.ts';
import type { Epochs } from './epochs.ts';
import { CONSECUTIVE_MS } from './breathing.ts';
import { ANALYSIS } from './parameters.ts';
import { isSleep } from './staging.ts';

type Analysed = Extract<NightAnalysis, { analysed: true }>;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Mean of all measured seconds on the bed in [first, end) epochs, and the range of the
 * 30-second means (epochs with a rate at least half of their seconds), so one noisy second
 * does not set the minimum or maximum.
 */
export function rateSummary(epochs: Epochs, n: Uint16Array, sum: Float64Array, first: number, end: number): RateSummary | null {
  let total = 0;
  let count = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let e = Math.max(0, first); e < Math.min(end, epochs.count); e += 1) {
    if (n[e] === 0) continue;
    total += sum[e];
    count += n[e];
    if (n[e] * 2 < epochs.samples[e]) continue;
    const mean = sum[e] / n[e];
    if (mean < min) min = mean;
    if (mean > max) max = mean;
  }
  if (count === 0) return null;
  const mean = total / count;
  if (min > max) min = max = mean;
  return { mean: round1(mean), min: round1(min), max: round1(max) };
}

function sleepAt(epochs: Epochs, stages: Uint8Array, i: number): boolean {
  const e = epochs.ofSample[i];
  return e >= 0 && isSleep(stages[e]);
}

/**
 * HRV proxy: RMSSD of the series 60000 / HR taken once a second, over still seconds of sleep.
 * True RMSSD needs every beat-to-beat interval; a 1 Hz heart rate is already an average, so this
 * figure is smaller than clinical RMSSD and is comparable only night to night for one person.
 */
export function assessHrv(columns: NightColumns, epochs: Epochs, stages: Uint8Array, sleepMinutes: number): Analysed['hrv'] {
  if (sleepMinutes < ANALYSIS.rhythmMinSleepMinutes) return { assessable: false, reason: 'tooLittleSleep' };
  const { t, hr, move, bed } = columns;
  let pairs = 0;
  let sumSq = 0;
  for (let i = 1; i < columns.length; i += 1) {
    if (hr[i] <= 0 || hr[i - 1] <= 0 || t[i] - t[i - 1] > CONSECUTIVE_MS) continue;
    if (bed[i] !== BED_IN || move[i] >= ANALYSIS.movementMin || move[i - 1] >= ANALYSIS.movementMin) continue;
    if (!sleepAt(epochs, stages, i)) continue;
    const d = 60000 / hr[i] - 60000 / hr[i - 1];
    sumSq += d * d;
    pairs += 1;
  }
  if (pairs < ANALYSIS.hrvMinPairs) return { assessable: false, reason: 'tooLittleSignal' };
  return { assessable: true, rmssdProxyMs: round1(Math.sqrt(sumSq / pairs)), minutesUsed: Math.round(pairs / 60) };
}

function afGrade(irregularPercent: number): RiskGrade {
  const from = ANALYSIS.afGradeFrom;
  if (irregularPercent >= from.high) return 'high';
  if (irregularPercent >= from.moderate) return 'moderate';
  if (irregularPercent >= from.low) return 'low';
  return 'none';
}

/**
 * Atrial-fibrillation risk screen: the night's sleep is cut into 5-minute windows; a still
 * window with enough heart rate is irregular when the RMSSD of its 1 Hz heart rate, over its
 * mean, exceeds a threshold (AF makes the rate jump from second to second; sinus rhythm in
 * sleep drifts smoothly). The grade follows the share of irregular windows. A screen, never a diagnosis.
 */
export function assessAfRisk(columns: NightColumns, epochs: Epochs, stages: Uint8Array, onsetTime: number, wakeTime: number, sleepMinutes: number): Analysed['afRisk'] {
  if (sleepMinutes < ANALYSIS.rhythmMinSleepMinutes) return { assessable: false, reason: 'tooLittleSleep' };
  const windowMs = ANALYSIS.afWindowSeconds * 1000;
  const windows = Math.max(0, Math.floor((wakeTime - onsetTime) / windowMs));
  const valid = new Uint16Array(windows);
  const moving = new Uint8Array(windows);
  const awake = new Uint8Array(windows);
  const diffN = new Uint16Array(windows);
  const diffSq = new Float64Array(windows);
  const hrSum = new Float64Array(windows);
  const { t, hr, move } = columns;
  for (let i = 0; i < columns.length; i += 1) {
    const w = Math.floor((t[i] - onsetTime) / windowMs);
    if (w < 0 || w >= windows) continue;
    if (!sleepAt(epochs, stages, i)) awake[w] = 1;
    if (move[i] >= ANALYSIS.movementMin) moving[w] = 1;
    if (hr[i] <= 0) continue;
    valid[w] += 1;
    hrSum[w] += hr[i];
    if (i > 0 && hr[i - 1] > 0 && t[i] - t[i - 1] <= CONSECUTIVE_MS) {
      const d = hr[i] - hr[i - 1];
      diffSq[w] += d * d;
      diffN[w] += 1;
    }
  }
  let used = 0;
  let irregular = 0;
  let rejectedForMovement = 0;
  for (let w = 0; w < windows; w += 1) {
    if (awake[w]) continue;
    if (moving[w]) {
      rejectedForMovement += 1;
      continue;
    }
    if (valid[w] < ANALYSIS.afWindowSeconds * ANALYSIS.afWindowMinCoverage || diffN[w] === 0) continue;
    used += 1;
    const nrmssd = Math.sqrt(diffSq[w] / diffN[w]) / (hrSum[w] / valid[w]);
    if (nrmssd > ANALYSIS.afIrregularNrmssd) irregular += 1;
  }
  if (used < ANALYSIS.afMinWindows) return { assessable: false, reason: rejectedForMovement > used ? 'tooMuchMovement' : 'tooLittleSignal' };
  const share = round1((irregular / used) * 100);
  return { assessable: true, irregularSharePercent: share, windowsUsed: used, grade: afGrade(share) };
}
