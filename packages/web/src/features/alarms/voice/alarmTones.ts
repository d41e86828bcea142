/**
 * Alarm tones after IEC 60601-1-8 (medical electrical equipment, alarm signals): a
 * high-priority burst of ten pulses (3 + 2, pause, 3 + 2) for level 1 (red) and an
 * escalated alarm, a medium-priority burst of three pulses for level 2 (orange), and a
 * single short tick for voice mode 1. Pure data: the browser adapter plays the pulses
 * with the Web Audio API, each pulse a tone with harmonics (the standard asks for at
 * least four) so it is heard and located in a noisy ward.
 */
export type ToneKind = 'high' | 'medium' | 'tick';

/** One pulse: start and length in ms from the start of the burst, fundamental in Hz. */
export interface TonePulse {
  at: number;
  duration: number;
  frequency: number;
}

/** IEC 60601-1-8 timing, chosen inside the standard's ranges (pulse width and spacing in ms). */
export const TONE_TIMING = {
  high: { pulse: 150, spacing: 100, pauseAfterThird: 350, pauseBetweenHalves: 1000, frequency: 880 },
  medium: { pulse: 200, spacing: 200, frequency: 523 },
  tick: { pulse: 40, frequency: 1200 },
} as const;

/** Harmonics added to every pulse, as multiples of the fundamental. */
export const TONE_HARMONICS = [1, 2, 3, 4, 5] as const;

function pulsesAt(starts: readonly number[], duration: number, frequency: number): TonePulse[] {
  return starts.map((at) => ({ at, duration, frequency }));
}

/** The pulses of one burst. */
export function tonePulses(kind: ToneKind): TonePulse[] {
  if (kind === 'tick') return pulsesAt([0], TONE_TIMING.tick.pulse, TONE_TIMING.tick.frequency);
  if (kind === 'medium') {
    const { pulse, spacing, frequency } = TONE_TIMING.medium;
    return pulsesAt([0, 1, 2].map((index) => index * (pulse + spacing)), pulse, frequency);
  }
  const { pulse, spacing, pauseAfterThird, pauseBetweenHalves, frequency } = TONE_TIMING.high;
  const step = pulse + spacing;
  const half = (from: number) => [from, from + step, from + 2 * step, from + 2 * step + pulse + pauseAfterThird, from + 3 * step + pulse + pauseAfterThird];
  const firstHalf = half(0);
  const secondStart = (firstHalf.at(-1) ?? 0) + pulse + pauseBetweenHalves;
  return pulsesAt([...firstHalf, ...half(secondStart)], pulse, frequency);
}

/** Length of a burst in ms (last pulse end). */
export function toneLength(kind: ToneKind): number {
  const pulses = tonePulses(kind);
  const last = pulses.at(-1);
  return last ? last.at + last.duration : 0;
}
