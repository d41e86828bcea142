import type { TelemetrySample } from '@vigil/contracts';

/** Bed codes of a sample, in the order of BED_STATES. */
export const BED_IN = 0;
export const BED_OUT = 1;
export const BED_SITTING = 2;
export const BED_SUSPECTED_SITTING = 3;
export const BED_DROPPED = 4;

const BED_CODES: Readonly<Record<TelemetrySample['bed'], number>> = {
  in: BED_IN,
  out: BED_OUT,
  sitting: BED_SITTING,
  suspectedSitting: BED_SUSPECTED_SITTING,
  dropped: BED_DROPPED,
};

/**
 * One night of 1 Hz samples as typed columns, in time order. The analysis reads only
 * these: one pass builds them, and they cross to a worker thread without copying.
 */
export interface NightColumns {
  length: number;
  /** Sample time, epoch ms. */
  t: Float64Array;
  hr: Float32Array;
  rr: Float32Array;
  move: Float32Array;
  /** BED_IN, BED_OUT, … */
  bed: Uint8Array;
}

/** Lays samples out as columns, sorted by time (they usually arrive sorted; then no sort is made). */
export function toColumns(samples: readonly TelemetrySample[]): NightColumns {
  const length = samples.length;
  let sorted = true;
  for (let i = 1; i < length && sorted; i += 1) if (samples[i].t < samples[i - 1].t) sorted = false;
  const ordered = sorted ? samples : [...samples].sort((a, b) => a.t - b.t);
  const columns: NightColumns = {
    length,
    t: new Float64Array(length),
    hr: new Float32Array(length),
    rr: new Float32Array(length),
    move: new Float32Array(length),
    bed: new Uint8Array(length),
  };
  for (let i = 0; i < length; i += 1) {
    const sample = ordered[i];
    columns.t[i] = sample.t;
    columns.hr[i] = sample.hr;
    columns.rr[i] = sample.rr;
    columns.move[i] = sample.move;
    columns.bed[i] = BED_CODES[sample.bed];
  }
  return columns;
}

/** Whether a bed code means the person is on the bed (lying or sitting). */
export function isOnBed(code: number): boolean {
  return code === BED_IN || code === BED_SITTING || code === BED_SUSPECTED_SITTING;
}
