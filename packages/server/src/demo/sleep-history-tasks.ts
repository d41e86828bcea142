import { generateNight } from '@vigil/simulator';
import { ChunkEncoder } from '../ingest/telemetry-codec.ts';
import { CHUNK_SAMPLES_MAX, CHUNK_SPAN_MAX_MS } from '../ingest/telemetry-store.ts';

/** One stored telemetry chunk, as the store writes it (see ingest/telemetry-store.ts). */
export interface SimulatedChunk {
  startAt: number;
  endAt: number;
  sampleCount: number;
  data: Uint8Array;
}

/**
 * One simulated night of a sleep monitor (the simulator's night generator: stages, pauses, bed
 * exits, 1 Hz samples), packed into telemetry chunks as ingest would store them. Runs in the
 * worker pool: the demo's 14 nights per bed never load the event loop.
 */
function nightChunks(input: { seed: number; bedTime: number; riseTime: number; from: number; to: number }): SimulatedChunk[] {
  const night = generateNight({ seed: input.seed, bedTime: input.bedTime, riseTime: input.riseTime });
  const samples = night.samples(Math.max(input.from, night.truth.start), Math.min(input.to, night.truth.end));
  const chunks: SimulatedChunk[] = [];
  let encoder = new ChunkEncoder();
  const close = () => {
    if (encoder.count > 0) chunks.push({ startAt: encoder.minT, endAt: encoder.maxT, sampleCount: encoder.count, data: new Uint8Array(encoder.bytes()) });
    encoder = new ChunkEncoder();
  };
  for (const sample of samples) {
    if (encoder.count >= CHUNK_SAMPLES_MAX || (encoder.count > 0 && sample.t - encoder.minT > CHUNK_SPAN_MAX_MS)) close();
    encoder.append(sample);
  }
  close();
  return chunks;
}

export const tasks = { nightChunks };
