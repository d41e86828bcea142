import { NIGHT_PROBE_CLOCK, type Shift } from '@vigil/contracts';
import { localDate, previousDate, zonedInstant } from '../reports/zoned-time.ts';

/** One shift's stretch of real time: [from, to) in epoch ms. */
export interface ShiftWindow {
  shift: number;
  from: number;
  to: number;
}

/** The date after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Index of the night shift: the one that holds 03:00 (the last shift when it crosses midnight before then). */
export function nightShiftIndex(starts: readonly string[]): number {
  let index = starts.length - 1;
  for (let i = 0; i < starts.length; i += 1) if (starts[i] <= NIGHT_PROBE_CLOCK) index = i;
  return index;
}

/** The shifts of sorted start times: each runs until the next starts, the last across midnight to the first. */
export function shiftsOf(starts: readonly string[]): Shift[] {
  const night = nightShiftIndex(starts);
  return starts.map((start, index) => {
    const end = starts[(index + 1) % starts.length];
    return { index, start, end, label: `${start}–${end}`, night: index === night };
  });
}

/**
 * The shift windows covering local dates from..to (whole days, midnight to midnight, in the
 * zone), cut at those midnights. Each boundary is a wall-clock time turned into an instant on
 * its own date, so across a daylight-saving change a shift is an hour shorter or longer.
 */
export function shiftWindows(from: string, to: string, starts: readonly string[], timeZone: string): ShiftWindow[] {
  const rangeFrom = zonedInstant(from, '00:00', timeZone);
  const rangeTo = zonedInstant(nextDate(to), '00:00', timeZone);
  const windows: ShiftWindow[] = [];
  // A shift that crosses midnight started the day before the range.
  for (let date = previousDate(from); date <= to; date = nextDate(date)) {
    starts.forEach((start, shift) => {
      const begin = zonedInstant(date, start, timeZone);
      const end = shift < starts.length - 1 ? zonedInstant(date, starts[shift + 1], timeZone) : zonedInstant(nextDate(date), starts[0], timeZone);
      const clippedFrom = Math.max(begin, rangeFrom);
      const clippedTo = Math.min(end, rangeTo);
      if (clippedTo > clippedFrom) windows.push({ shift, from: clippedFrom, to: clippedTo });
    });
  }
  return windows;
}

/** Start and end of the night shift that ended on the morning of the local date. */
export function nightWindow(date: string, starts: readonly string[], timeZone: string): ShiftWindow {
  const shift = nightShiftIndex(starts);
  const startDate = starts[shift] > NIGHT_PROBE_CLOCK ? previousDate(date) : date;
  const from = zonedInstant(startDate, starts[shift], timeZone);
  const to = shift < starts.length - 1 ? zonedInstant(startDate, starts[shift + 1], timeZone) : zonedInstant(nextDate(startDate), starts[0], timeZone);
  return { shift, from, to };
}

/** The local date of the latest night shift that has ended at `now`. */
export function lastEndedNight(now: number, starts: readonly string[], timeZone: string): string {
  let date = nextDate(localDate(now, timeZone));
  while (nightWindow(date, starts, timeZone).to > now) date = previousDate(date);
  return date;
}
