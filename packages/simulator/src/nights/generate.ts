import { randomStream, type Random } from '../random.ts';
import { EPOCH_MS, type Interval, type NightTruth, type StageSegment, type TruthStage } from './truth.ts';

export interface NightOptions {
  seed: number;
  /** Planned bedtime, epoch ms; the resident gets in between 10 minutes early and 25 minutes late. */
  bedTime: number;
  /** Planned rising time, epoch ms; the resident leaves bed between 20 minutes early and 15 minutes late. */
  riseTime: number;
  /** Breathing pauses per hour of sleep; by default drawn from the seed (most residents under 5, one in five 8–25). */
  apneaPerHour?: number;
  /** Number of bed exits during the night; by default 0–3 drawn from the seed. */
  bedExits?: number;
}

/** Margin of the window around the planned times, so jitter stays inside it. */
const WINDOW_MARGIN_MS = 30 * 60_000;
const MINUTE = 60_000;

const floorEpoch = (time: number) => Math.floor(time / EPOCH_MS) * EPOCH_MS;
/** Minutes as a whole number of epochs, in ms. */
const minutes = (rng: Random, min: number, max: number) => Math.round(rng.between(min, max) * 2) * EPOCH_MS;

/** Builds the stage timeline, bed exits included, as epoch-aligned segments. */
function stageTimeline(rng: Random, start: number, end: number, inBedAt: number, outOfBedAt: number, exitCount: number) {
  const segments: StageSegment[] = [];
  const bedExits: Interval[] = [];
  let cursor = start;
  const push = (stage: TruthStage, length: number, limit: number) => {
    const until = Math.min(cursor + length, limit);
    if (until <= cursor) return;
    const last = segments[segments.length - 1];
    if (last && last.stage === stage) last.end = until;
    else segments.push({ stage, start: cursor, end: until });
    cursor = until;
  };
  push('out', inBedAt - start, inBedAt);
  const finalAwake = minutes(rng, 5, 25);
  const sleepEnd = outOfBedAt - finalAwake;
  push('awake', minutes(rng, 5, 30), sleepEnd);
  // Bed exits happen after one of the cycles from the second on, at most one per cycle.
  const exitAfter = new Set<number>();
  while (exitAfter.size < Math.min(exitCount, 4)) exitAfter.add(rng.int(1, 4));
  for (let cycle = 0; cursor < sleepEnd; cycle++) {
    push('light', cycle < 2 ? minutes(rng, 15, 30) : minutes(rng, 25, 45), sleepEnd);
    const deep = cycle === 0 ? minutes(rng, 25, 45) : cycle === 1 ? minutes(rng, 15, 30) : cycle === 2 ? minutes(rng, 5, 15) : minutes(rng, 0, 8);
    push('deep', deep, sleepEnd);
    push('light', minutes(rng, 10, 20), sleepEnd);
    push('rem', Math.max(4 * MINUTE, Math.min(5 + 6 * cycle, 25) * MINUTE + minutes(rng, -3, 3)), sleepEnd);
    if (exitAfter.has(cycle) && sleepEnd - cursor > 20 * MINUTE) {
      push('awake', minutes(rng, 1, 3), sleepEnd);
      const exitStart = cursor;
      push('out', minutes(rng, 3, 12), sleepEnd);
      bedExits.push({ start: exitStart, end: cursor });
      push('awake', minutes(rng, 4, 12), sleepEnd);
    } else if (rng.chance(0.5)) {
      push('awake', minutes(rng, 1, 8), sleepEnd);
    }
  }
  push('awake', outOfBedAt - cursor, outOfBedAt);
  push('out', end - cursor, end);
  return { segments, bedExits };
}

/** Places breathing pauses in sleep, most in REM and light sleep, never overlapping. */
function placePauses(rng: Random, segments: readonly StageSegment[], perHour: number): Interval[] {
  const pauses: Interval[] = [];
  const factor: Partial<Record<TruthStage, number>> = { light: 1, rem: 1.5, deep: 0.4 };
  for (const segment of segments) {
    const weight = factor[segment.stage];
    if (!weight) continue;
    const expected = (perHour * weight * (segment.end - segment.start)) / 3_600_000;
    let cursor = segment.start + 20_000;
    for (;;) {
      cursor += rng.exponential(3_600_000 / (perHour * weight || 1e-9));
      const length = Math.round(rng.between(10, segment.stage === 'deep' ? 20 : 35)) * 1000;
      if (expected <= 0 || cursor + length + 15_000 > segment.end) break;
      const start = Math.round(cursor / 1000) * 1000;
      pauses.push({ start, end: start + length });
      cursor = start + length + 15_000;
    }
  }
  return pauses;
}

/** Body movements: often while awake, some in light sleep and at the end of REM, few in deep sleep, and one after each pause. */
function placeMovements(rng: Random, segments: readonly StageSegment[], pauses: readonly Interval[]): Interval[] {
  const moves: Interval[] = [];
  const meanGap: Partial<Record<TruthStage, number>> = { awake: 60_000, light: 15 * MINUTE, rem: 30 * MINUTE, deep: 180 * MINUTE };
  for (const segment of segments) {
    const gap = meanGap[segment.stage];
    if (!gap) continue;
    let cursor = segment.start;
    for (;;) {
      cursor += rng.exponential(gap);
      const length = rng.int(2, segment.stage === 'awake' ? 8 : 5) * 1000;
      if (cursor + length > segment.end) break;
      const start = Math.round(cursor / 1000) * 1000;
      moves.push({ start, end: start + length });
      cursor = start + length;
    }
    // A turn-over often marks the way out of deep sleep.
    if (segment.stage === 'deep' && rng.chance(0.5) && segment.end - segment.start > MINUTE) {
      moves.push({ start: segment.end, end: segment.end + rng.int(3, 6) * 1000 });
    }
  }
  for (const pause of pauses) moves.push({ start: pause.end, end: pause.end + rng.int(2, 4) * 1000 });
  moves.sort((a, b) => a.start - b.start);
  // Merge overlaps, so every movement in the truth is one run of move > 0 in the samples.
  const merged: Interval[] = [];
  for (const move of moves) {
    const last = merged[merged.length - 1];
    if (last && move.start <= last.end) last.end = Math.max(last.end, move.end);
    else merged.push({ ...move });
  }
  return merged;
}

/** The night's truth: stages per 30-s epoch, bed exits, breathing pauses, movements. Pure: same options, same night. */
export function generateNightTruth(options: NightOptions): NightTruth {
  const rng = randomStream(options.seed);
  const start = floorEpoch(options.bedTime - WINDOW_MARGIN_MS);
  const end = floorEpoch(options.riseTime + WINDOW_MARGIN_MS);
  const inBedAt = floorEpoch(options.bedTime + rng.between(-10, 25) * MINUTE);
  const outOfBedAt = Math.max(inBedAt + 10 * EPOCH_MS, floorEpoch(options.riseTime + rng.between(-20, 15) * MINUTE));
  const baseline = { heartRate: rng.int(60, 76), breathingRate: rng.int(13, 17) };
  const apneaPerHour = options.apneaPerHour ?? (rng.chance(0.2) ? rng.between(8, 25) : rng.between(0, 4));
  const exitCount = options.bedExits ?? rng.pick([0, 1, 1, 1, 2, 2, 3]);
  const { segments, bedExits } = stageTimeline(rng, start, end, inBedAt, outOfBedAt, exitCount);
  const pauses = placePauses(rng, segments, apneaPerHour);
  const movements = placeMovements(rng, segments, pauses);
  const epochs: TruthStage[] = [];
  for (const segment of segments) for (let time = segment.start; time < segment.end; time += EPOCH_MS) epochs.push(segment.stage);
  const asleep = segments.filter((segment) => segment.stage === 'light' || segment.stage === 'deep' || segment.stage === 'rem');
  return {
    seed: options.seed,
    start,
    end,
    inBedAt,
    sleepOnset: asleep.length ? asleep[0].start : null,
    wakeAt: asleep.length ? asleep[asleep.length - 1].end : null,
    outOfBedAt,
    epochs,
    segments,
    bedExits,
    breathingPauses: pauses,
    movements,
    baseline,
    apneaPerHour,
  };
}
