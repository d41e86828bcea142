/**
 * Deterministic randomness. Everything the simulator invents comes from a seed, so a
 * run can be replayed: a stream (mulberry32) for generators that build a timeline in
 * order, and a hash of integers for values read at any moment (random access).
 */

/** A 32-bit hash of a string (FNV-1a), to derive per-device seeds from device IDs. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mixes integers into one 32-bit value (murmur3 finaliser per step). */
export function mix(...values: number[]): number {
  let hash = 0x9e3779b9;
  for (const value of values) {
    let k = Math.imul(value | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    hash ^= Math.imul(k, 0x1b873593);
    hash = (hash << 13) | (hash >>> 19);
    hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A value in [0, 1) determined by the integers given. */
export function unit(...values: number[]): number {
  return mix(...values) / 4294967296;
}

/** Smooth noise in [-1, 1] along a line: cosine interpolation between hashed points one unit apart. */
export function valueNoise(seed: number, channel: number, x: number): number {
  const cell = Math.floor(x);
  const frac = x - cell;
  const a = unit(seed, channel, cell) * 2 - 1;
  const b = unit(seed, channel, cell + 1) * 2 - 1;
  const w = (1 - Math.cos(frac * Math.PI)) / 2;
  return a * (1 - w) + b * w;
}

export interface Random {
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** Real number in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Exponentially distributed waiting time with the given mean. */
  exponential(mean: number): number;
}

/** A seeded stream of numbers (mulberry32). */
export function randomStream(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    exponential: (mean) => -Math.log(1 - next()) * mean,
  };
}
