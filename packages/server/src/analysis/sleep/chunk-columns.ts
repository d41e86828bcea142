import { BED_STATES, type TelemetrySample } from '@vigil/contracts';
import { visitSamples } from '../../ingest/telemetry-codec.ts';
import { BED_DROPPED, BED_IN, BED_OUT, BED_SITTING, BED_SUSPECTED_SITTING, type NightColumns } from './columns.ts';

/** Stored telemetry chunks of a night packed into one buffer (moved to a worker, not copied): chunk i is bytes[ends[i-1] .. ends[i]). */
export interface PackedChunks {
  bytes: Uint8Array;
  ends: Uint32Array;
  /** Samples in all chunks together (the columns' capacity). */
  samples: number;
}

/** Packs chunk rows as the store reads them. */
export function packChunks(chunks: readonly { data: Uint8Array; sampleCount: number }[]): PackedChunks {
  const total = chunks.reduce((sum, chunk) => sum + chunk.data.length, 0);
  const bytes = new Uint8Array(total);
  const ends = new Uint32Array(chunks.length);
  let offset = 0;
  chunks.forEach((chunk, index) => {
    bytes.set(chunk.data, offset);
    offset += chunk.data.length;
    ends[index] = offset;
  });
  return { bytes, ends, samples: chunks.reduce((sum, chunk) => sum + chunk.sampleCount, 0) };
}

const CODES: Record<TelemetrySample['bed'], number> = { in: BED_IN, out: BED_OUT, sitting: BED_SITTING, suspectedSitting: BED_SUSPECTED_SITTING, dropped: BED_DROPPED };
const BED_CODE_OF_INDEX = Uint8Array.from(BED_STATES.map((bed) => CODES[bed]));

/**
 * Decodes packed chunks straight into typed columns: the samples of [from, to) in time order.
 * No sample objects are made (the store's read() makes one per second, which cost more than
 * the analysis itself).
 */
export function columnsFromChunks(packed: PackedChunks, from: number, to: number): NightColumns {
  const capacity = packed.samples;
  const t = new Float64Array(capacity);
  const hr = new Float32Array(capacity);
  const rr = new Float32Array(capacity);
  const move = new Float32Array(capacity);
  const bed = new Uint8Array(capacity);
  let length = 0;
  let sorted = true;
  const visit = (time: number, heart: number, breath: number, movement: number, bedIndex: number) => {
    if (time < from || time >= to || length >= capacity) return;
    if (length > 0 && time < t[length - 1]) sorted = false;
    t[length] = time;
    hr[length] = heart;
    rr[length] = breath;
    move[length] = movement;
    bed[length] = BED_CODE_OF_INDEX[bedIndex];
    length += 1;
  };
  let start = 0;
  for (const end of packed.ends) {
    visitSamples(packed.bytes.subarray(start, end), visit);
    start = end;
  }
  const columns: NightColumns = { length, t: t.subarray(0, length), hr: hr.subarray(0, length), rr: rr.subarray(0, length), move: move.subarray(0, length), bed: bed.subarray(0, length) };
  return sorted ? columns : sortColumns(columns);
}

/** Chunks of several writers may interleave: orders the columns by time. */
function sortColumns(columns: NightColumns): NightColumns {
  const order = Array.from({ length: columns.length }, (_, index) => index).sort((a, b) => columns.t[a] - columns.t[b]);
  return {
    length: columns.length,
    t: Float64Array.from(order, (index) => columns.t[index]),
    hr: Float32Array.from(order, (index) => columns.hr[index]),
    rr: Float32Array.from(order, (index) => columns.rr[index]),
    move: Float32Array.from(order, (index) => columns.move[index]),
    bed: Uint8Array.from(order, (index) => columns.bed[index]),
  };
}
