import { BED_DROPPED, BED_OUT, type NightColumns } from './columns.ts';

/** A stretch of time, epoch ms, [from, to). */
export interface Span {
  from: number;
  to: number;
}

/** The bed period of a night: from first lying down to finally getting up, and the exits between. */
export interface BedPeriod {
  bedTime: number;
  getUpTime: number;
  /** Absences of at least the bed-leaving time that end with a return to bed. */
  exits: Span[];
}

/**
 * Finds the bed period and the bed exits at one-second resolution. An absence counts as an
 * exit when the bed reads "out" for at least `leaveBedMs` (the device's bed-leaving mode:
 * about 15 s balanced, 5 s fast) and the person comes back; the last absence is getting up.
 * Samples of a dropped sensor neither start nor end an absence.
 */
export function findBedPeriod(columns: NightColumns, from: number, to: number, leaveBedMs: number): BedPeriod | null {
  const { t, bed } = columns;
  let bedTime = -1;
  let lastOnBedEnd = -1;
  let outSince = -1;
  const exits: Span[] = [];
  for (let i = 0; i < columns.length; i += 1) {
    const time = t[i];
    if (time < from || time >= to) continue;
    const code = bed[i];
    if (code === BED_DROPPED) continue;
    if (code === BED_OUT) {
      if (bedTime >= 0 && outSince < 0) outSince = time;
      continue;
    }
    if (bedTime < 0) bedTime = time;
    if (outSince >= 0) {
      if (time - outSince >= leaveBedMs) exits.push({ from: outSince, to: time });
      outSince = -1;
    }
    lastOnBedEnd = time + 1000;
  }
  if (bedTime < 0) return null;
  return { bedTime, getUpTime: Math.min(lastOnBedEnd, to), exits };
}
