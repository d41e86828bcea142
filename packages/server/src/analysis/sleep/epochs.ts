import { EPOCH_SECONDS } from '@vigil/contracts';
import { BED_DROPPED, BED_IN, BED_OUT, type NightColumns } from './columns.ts';
import { ANALYSIS } from './parameters.ts';

export const EPOCH_MS = EPOCH_SECONDS * 1000;

/** Where the person was during an epoch. */
export const PLACE_OUT = 0;
export const PLACE_LYING = 1;
export const PLACE_SITTING = 2;

/** Per-epoch sums of one night, built in one pass over the samples. */
export interface Epochs {
  count: number;
  /** Start of epoch 0, epoch ms. */
  from: number;
  samples: Uint16Array;
  /** PLACE_OUT, PLACE_LYING or PLACE_SITTING (carried from the previous epoch when the epoch has no data). */
  place: Uint8Array;
  /** Mean movement of the epoch (0–100). */
  activity: Float32Array;
  moveMax: Float32Array;
  hrN: Uint16Array;
  hrSum: Float64Array;
  hrSq: Float64Array;
  rrN: Uint16Array;
  rrSum: Float64Array;
  rrSq: Float64Array;
  /** Epoch index of each sample, −1 outside the window: later passes look stages up without dividing. */
  ofSample: Int32Array;
}

/** Index of the epoch holding time t. */
export function epochOf(epochs: Epochs, t: number): number {
  return Math.floor((t - epochs.from) / EPOCH_MS);
}

/** Sums samples into 30-second epochs covering [from, to). */
export function buildEpochs(columns: NightColumns, from: number, to: number): Epochs {
  const count = Math.max(0, Math.ceil((to - from) / EPOCH_MS));
  const epochs: Epochs = {
    count,
    from,
    samples: new Uint16Array(count),
    place: new Uint8Array(count),
    activity: new Float32Array(count),
    moveMax: new Float32Array(count),
    hrN: new Uint16Array(count),
    hrSum: new Float64Array(count),
    hrSq: new Float64Array(count),
    rrN: new Uint16Array(count),
    rrSum: new Float64Array(count),
    rrSq: new Float64Array(count),
    ofSample: new Int32Array(columns.length),
  };
  const lying = new Uint16Array(count);
  const out = new Uint16Array(count);
  const dropped = new Uint16Array(count);
  const { t, hr, rr, move, bed } = columns;
  for (let i = 0; i < columns.length; i += 1) {
    const e = Math.floor((t[i] - from) / EPOCH_MS);
    if (e < 0 || e >= count) {
      epochs.ofSample[i] = -1;
      continue;
    }
    epochs.ofSample[i] = e;
    epochs.samples[e] += 1;
    const code = bed[i];
    if (code === BED_IN) lying[e] += 1;
    else if (code === BED_OUT) out[e] += 1;
    else if (code === BED_DROPPED) dropped[e] += 1;
    epochs.activity[e] += move[i];
    if (move[i] > epochs.moveMax[e]) epochs.moveMax[e] = move[i];
    // Rates count only while someone is on the bed: an empty bed measures nothing.
    if (code === BED_OUT || code === BED_DROPPED) continue;
    if (hr[i] > 0) {
      epochs.hrN[e] += 1;
      epochs.hrSum[e] += hr[i];
      epochs.hrSq[e] += hr[i] * hr[i];
    }
    if (rr[i] > 0) {
      epochs.rrN[e] += 1;
      epochs.rrSum[e] += rr[i];
      epochs.rrSq[e] += rr[i] * rr[i];
    }
  }
  let previous = PLACE_OUT;
  for (let e = 0; e < count; e += 1) {
    const n = epochs.samples[e];
    if (n > 0) epochs.activity[e] /= n;
    const known = n - dropped[e];
    if (known >= ANALYSIS.epochMinSamples) {
      if (out[e] * 2 >= known) previous = PLACE_OUT;
      else previous = lying[e] * 2 >= known ? PLACE_LYING : PLACE_SITTING;
    }
    epochs.place[e] = previous;
  }
  return epochs;
}
