import type { TelemetrySample } from '@vigil/contracts';
import { mix } from '../random.ts';
import { generateNightTruth, type NightOptions } from './generate.ts';
import { nightSample, nightSamples } from './signals.ts';
import type { NightTruth } from './truth.ts';

export * from './truth.ts';
export { generateNightTruth, type NightOptions } from './generate.ts';
export { deviceStateAt, nightSample, nightSamples } from './signals.ts';
export { matchEvents, scoreEpochs, type EpochScore, type ScoredStage } from './score.ts';

/** A simulated night: its ground truth and the samples a sleep monitor under the mattress reports. */
export interface Night {
  truth: NightTruth;
  /** The sample at one second (epoch ms). */
  sampleAt(time: number): TelemetrySample;
  /** One sample per second in [from, to). */
  samples(from: number, to: number): TelemetrySample[];
  /** Every sample of the window, in telemetry messages of at most 254 samples. */
  messages(perMessage?: number): { ts: number; samples: TelemetrySample[] }[];
}

/** Generates a night (pure, seeded). */
export function generateNight(options: NightOptions): Night {
  const truth = generateNightTruth(options);
  return {
    truth,
    sampleAt: (time) => nightSample(truth, time),
    samples: (from, to) => nightSamples(truth, from, to),
    messages: (perMessage = 254) => {
      const out: { ts: number; samples: TelemetrySample[] }[] = [];
      for (let from = truth.start; from < truth.end; from += perMessage * 1000) {
        const samples = nightSamples(truth, from, Math.min(truth.end, from + perMessage * 1000));
        out.push({ ts: samples[samples.length - 1].t, samples });
      }
      return out;
    },
  };
}

const DAY_MS = 86_400_000;

/**
 * A reproducible set of nights for scoring a sleep analysis: `count` nights, one a day
 * from `firstBedTime`, each planned bedtime from 15 minutes before to 105 minutes after
 * that clock time, planned rising 9 to 11 hours later, with its own breathing pauses and
 * bed exits drawn from the seed.
 */
export function generateNightSet(options: { seed: number; count: number; firstBedTime: number }): Night[] {
  const nights: Night[] = [];
  for (let index = 0; index < options.count; index++) {
    const nightSeed = mix(options.seed, index);
    const bedShift = ((nightSeed % 240) - 30) * 30_000;
    const length = (9 + ((nightSeed >>> 8) % 240) / 120) * 3_600_000;
    const bedTime = options.firstBedTime + index * DAY_MS + bedShift;
    nights.push(generateNight({ seed: nightSeed, bedTime, riseTime: bedTime + length }));
  }
  return nights;
}
