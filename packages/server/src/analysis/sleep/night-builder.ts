import type { TelemetrySample } from '@vigil/contracts';

/**
 * Constructed nights for tests and the benchmark: each phase says what the person does, so the
 * truth of the night (bed exits, pauses, stages) is known by construction.
 */
export type Phase =
  | { kind: 'out'; minutes: number }
  /** Lying awake: moves every few seconds, higher and unsteady rates. */
  | { kind: 'awake'; minutes: number }
  /** Light sleep: still but for a turn-over every 10 minutes; rates wander. */
  | { kind: 'light'; minutes: number }
  /** Deep sleep: still, slow and steady rates. */
  | { kind: 'deep'; minutes: number }
  /** Perfectly still, heart 60 and breathing 14 exactly. */
  | { kind: 'steady'; minutes: number }
  /** Still, breathing steady, heart rate jumping from second to second (an irregular rhythm). */
  | { kind: 'irregular'; minutes: number };

export interface NightPlan {
  start: number;
  phases: readonly Phase[];
  /** Breathing pauses: offset from start (seconds) and length (seconds); rr reads 0 for their length. */
  pauses?: readonly { at: number; seconds: number }[];
  seed?: number;
}

/** Mulberry32: a small seeded generator so constructed nights are the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function sampleOf(kind: Phase['kind'], second: number, random: () => number): Omit<TelemetrySample, 't'> {
  const jitter = (size: number) => (random() * 2 - 1) * size;
  const drift = Math.sin(second / 40);
  switch (kind) {
    case 'out':
      return { hr: 0, rr: 0, move: 0, bed: 'out' };
    case 'awake':
      return { hr: Math.round(74 + 4 * drift + jitter(3)), rr: Math.round(17 + jitter(3)), move: second % 7 < 3 ? 30 + Math.round(random() * 40) : 0, bed: 'in' };
    case 'light':
      return { hr: Math.round(63 + 3 * drift + jitter(1)), rr: Math.round(15 + 2 * drift + jitter(2)), move: second % 600 < 4 ? 40 : 0, bed: 'in' };
    case 'deep':
      return { hr: Math.round(56 + jitter(0.6)), rr: Math.round(13 + jitter(0.4)), move: 0, bed: 'in' };
    case 'steady':
      return { hr: 60, rr: 14, move: 0, bed: 'in' };
    case 'irregular':
      return { hr: Math.round(70 + jitter(18)), rr: 14, move: 0, bed: 'in' };
  }
}

/** The 1 Hz samples of a planned night. */
export function buildNight(plan: NightPlan): TelemetrySample[] {
  const random = seededRandom(plan.seed ?? 1);
  const samples: TelemetrySample[] = [];
  let second = 0;
  for (const phase of plan.phases) {
    const end = second + Math.round(phase.minutes * 60);
    for (; second < end; second += 1) samples.push({ t: plan.start + second * 1000, ...sampleOf(phase.kind, second, random) });
  }
  for (const pause of plan.pauses ?? []) {
    for (let s = pause.at; s < pause.at + pause.seconds && s < samples.length; s += 1) samples[s] = { ...samples[s], rr: 0 };
  }
  return samples;
}

/** A 10-hour night (36,000 samples): sleep cycles of light and deep, two bed exits, a wake-up, 30 pauses. */
export function tenHourNight(start: number, seed = 7): TelemetrySample[] {
  const cycle: Phase[] = [{ kind: 'light', minutes: 40 }, { kind: 'deep', minutes: 30 }, { kind: 'light', minutes: 20 }];
  const phases: Phase[] = [{ kind: 'out', minutes: 15 }, { kind: 'awake', minutes: 20 }, ...cycle, ...cycle, { kind: 'out', minutes: 5 }, ...cycle, { kind: 'awake', minutes: 8 }, ...cycle, { kind: 'out', minutes: 4 }, ...cycle, { kind: 'light', minutes: 98 }];
  const pauses = Array.from({ length: 30 }, (_, k) => ({ at: 3600 + k * 900, seconds: 12 + (k % 5) }));
  return buildNight({ start, phases, pauses, seed });
}
