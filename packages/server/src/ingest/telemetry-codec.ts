import { BED_STATES, SLEEP_STATES, type TelemetrySample } from '@vigil/contracts';

/**
 * Compact binary form of one-second samples (docs/device-protocol.md "Storage").
 * A chunk is a version byte, then per sample a flags byte and only what changed:
 *   bit 0  the time step differs from the previous one: zigzag varint of the new step (ms)
 *   bit 1  heart rate changed: zigzag varint of the change, in tenths
 *   bit 2  breathing rate changed: likewise
 *   bit 3  movement changed: likewise
 *   bit 4  bed or sleep state changed: one byte, bed index × 8 + (state index + 1, 0 = none)
 * The first sample is coded against {t: 0, step: 0, hr: 0, rr: 0, move: 0, bed: in, no state},
 * so its time is a full varint. A steady 1 Hz stream costs 2–4 bytes a sample.
 * Rates and movement keep one decimal.
 */
const VERSION = 1;
const STEP = 1;
const HR = 2;
const RR = 4;
const MOVE = 8;
const STATE = 16;

interface CoderState {
  t: number;
  step: number;
  hr: number;
  rr: number;
  move: number;
  code: number;
}

function initialState(): CoderState {
  return { t: 0, step: 0, hr: 0, rr: 0, move: 0, code: 0 };
}

const tenths = (value: number) => Math.round(value * 10);

function stateCode(sample: TelemetrySample): number {
  const state = sample.state === undefined ? 0 : SLEEP_STATES.indexOf(sample.state) + 1;
  return BED_STATES.indexOf(sample.bed) * 8 + state;
}

/** An append-only encoder: one open chunk of a device, written whole at each flush. */
export class ChunkEncoder {
  private buffer: Buffer;
  private length = 1;
  private state = initialState();
  count = 0;
  minT = Number.POSITIVE_INFINITY;
  maxT = Number.NEGATIVE_INFINITY;

  constructor(capacity = 256) {
    this.buffer = Buffer.allocUnsafe(Math.max(16, capacity));
    this.buffer[0] = VERSION;
  }

  /** Bytes written so far (the chunk's stored size). */
  get byteLength(): number {
    return this.length;
  }

  /** A copy of the chunk as stored. */
  bytes(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }

  append(sample: TelemetrySample): void {
    this.reserve(1 + 10 * 4 + 1);
    const flagsAt = this.length++;
    let flags = 0;
    const previous = this.state;
    const step = sample.t - previous.t;
    if (step !== previous.step) {
      flags |= STEP;
      this.writeSigned(step);
    }
    const hr = tenths(sample.hr);
    const rr = tenths(sample.rr);
    const move = tenths(sample.move);
    if (hr !== previous.hr) {
      flags |= HR;
      this.writeSigned(hr - previous.hr);
    }
    if (rr !== previous.rr) {
      flags |= RR;
      this.writeSigned(rr - previous.rr);
    }
    if (move !== previous.move) {
      flags |= MOVE;
      this.writeSigned(move - previous.move);
    }
    const code = stateCode(sample);
    if (code !== previous.code) {
      flags |= STATE;
      this.buffer[this.length++] = code;
    }
    this.buffer[flagsAt] = flags;
    this.state = { t: sample.t, step, hr, rr, move, code };
    this.count++;
    if (sample.t < this.minT) this.minT = sample.t;
    if (sample.t > this.maxT) this.maxT = sample.t;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  private writeSigned(value: number): void {
    // Zigzag in floating point: times exceed 32 bits.
    let rest = value >= 0 ? value * 2 : -value * 2 - 1;
    while (rest >= 0x80) {
      this.buffer[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.length++] = rest;
  }
}

/** Encodes samples in the order given. */
export function encodeSamples(samples: readonly TelemetrySample[]): Buffer {
  const encoder = new ChunkEncoder(samples.length * 4 + 16);
  for (const sample of samples) encoder.append(sample);
  return encoder.bytes();
}

/** Called once per decoded sample: values as stored, the bed state's index in BED_STATES, and the sleep state's index + 1 (0: none). */
export type SampleVisitor = (t: number, hr: number, rr: number, move: number, bedIndex: number, sleepIndex: number) => void;

/**
 * Decodes a chunk sample by sample without making objects (the report path lays samples
 * straight into typed columns); throws on bytes that are not a chunk.
 */
export function visitSamples(bytes: Uint8Array, visit: SampleVisitor): void {
  if (bytes.length === 0 || bytes[0] !== VERSION) throw new Error('telemetry chunk: unknown version');
  let offset = 1;
  const readSigned = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (offset >= bytes.length) throw new Error('telemetry chunk: truncated');
      const byte = bytes[offset++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 0x80;
    }
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  };
  const state = initialState();
  while (offset < bytes.length) {
    const flags = bytes[offset++] ?? 0;
    if (flags & STEP) state.step = readSigned();
    state.t += state.step;
    if (flags & HR) state.hr += readSigned();
    if (flags & RR) state.rr += readSigned();
    if (flags & MOVE) state.move += readSigned();
    if (flags & STATE) {
      if (offset >= bytes.length) throw new Error('telemetry chunk: truncated');
      state.code = bytes[offset++] ?? 0;
    }
    const bedIndex = Math.floor(state.code / 8);
    if (bedIndex >= BED_STATES.length) throw new Error('telemetry chunk: bad bed state');
    const sleepIndex = state.code % 8;
    if (sleepIndex > SLEEP_STATES.length) throw new Error('telemetry chunk: bad sleep state');
    visit(state.t, state.hr / 10, state.rr / 10, state.move / 10, bedIndex, sleepIndex);
  }
}

/** Decodes a chunk; throws on bytes that are not a chunk. */
export function decodeSamples(bytes: Uint8Array): TelemetrySample[] {
  const out: TelemetrySample[] = [];
  visitSamples(bytes, (t, hr, rr, move, bedIndex, sleepIndex) => {
    const sample: TelemetrySample = { t, hr, rr, move, bed: BED_STATES[bedIndex] };
    if (sleepIndex > 0) sample.state = SLEEP_STATES[sleepIndex - 1];
    out.push(sample);
  });
  return out;
}
