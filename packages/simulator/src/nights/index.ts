import type { TelemetrySample } from '@vigil/contracts';
import { generateNightTruth, type NightOptions } from './generate.ts';
import { nightSample, nightSamples } from './signals.ts';
import type { NightTruth } from './truth.ts';

export * from './truth.ts';
export { generateNightTruth, type NightOptions } from './generate.ts';
export { nightSample, nightSamples } from './signals.ts';

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
