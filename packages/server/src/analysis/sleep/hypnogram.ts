import { HYPNOGRAM_STAGES, type HypnogramSegment } from '@vigil/contracts';
import { type Epochs, EPOCH_MS } from './epochs.ts';

/** Run-length hypnogram of epochs [first, end). */
export function hypnogramOf(epochs: Epochs, stages: Uint8Array, first: number, end: number): HypnogramSegment[] {
  const segments: HypnogramSegment[] = [];
  let start = first;
  for (let e = first + 1; e <= end; e += 1) {
    if (e < end && stages[e] === stages[start]) continue;
    segments.push({ from: epochs.from + start * EPOCH_MS, to: epochs.from + e * EPOCH_MS, stage: HYPNOGRAM_STAGES[stages[start]] });
    start = e;
  }
  return segments;
}

/** Stage code per epoch from a hypnogram (the inverse of hypnogramOf, for comparisons). */
export function stagesFromHypnogram(segments: readonly HypnogramSegment[], from: number, count: number): Uint8Array {
  const stages = new Uint8Array(count);
  for (const segment of segments) {
    const code = HYPNOGRAM_STAGES.indexOf(segment.stage);
    const a = Math.max(0, Math.floor((segment.from - from) / EPOCH_MS));
    const b = Math.min(count, Math.ceil((segment.to - from) / EPOCH_MS));
    stages.fill(code, a, b);
  }
  return stages;
}
