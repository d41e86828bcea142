import { EPOCH_SECONDS, TREND_STEP_MINUTES, type TrendPoint } from '@vigil/contracts';
import { EPOCH_MS, type Epochs } from './epochs.ts';

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Heart rate, breathing rate and movement through the night in steps of TREND_STEP_MINUTES
 * over the bed period [firstBed, endBed) epochs, for the report's charts. Rates average only
 * seconds with someone on the bed (as the epochs count them): a step spent out of bed has none.
 */
export function trendOf(epochs: Epochs, firstBed: number, endBed: number): TrendPoint[] {
  const step = Math.max(1, Math.round((TREND_STEP_MINUTES * 60) / EPOCH_SECONDS));
  const points: TrendPoint[] = [];
  for (let start = firstBed; start < endBed; start += step) {
    const end = Math.min(endBed, start + step);
    let hrN = 0;
    let hrSum = 0;
    let rrN = 0;
    let rrSum = 0;
    let activity = 0;
    for (let e = start; e < end; e += 1) {
      hrN += epochs.hrN[e];
      hrSum += epochs.hrSum[e];
      rrN += epochs.rrN[e];
      rrSum += epochs.rrSum[e];
      activity += epochs.activity[e];
    }
    points.push({
      t: epochs.from + start * EPOCH_MS,
      heartRate: hrN > 0 ? round1(hrSum / hrN) : null,
      breathRate: rrN > 0 ? round1(rrSum / rrN) : null,
      movement: round1(activity / (end - start)),
    });
  }
  return points;
}
