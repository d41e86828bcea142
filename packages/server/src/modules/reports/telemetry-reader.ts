import type { TelemetrySample } from '@vigil/contracts';

/**
 * What reports need of the telemetry store (ingest's `TelemetryStore.read`): the samples
 * of one device (plain device ID) in [from, to), in time order.
 */
export interface TelemetryReader {
  read(deviceId: string, from: number, to: number): Promise<TelemetrySample[]>;
  /** The stored chunks that hold samples of [from, to), undecoded (the report job decodes them in a worker). */
  readChunks?(deviceId: string, from: number, to: number): Promise<{ data: Uint8Array; sampleCount: number }[]>;
}
