import crypto from 'node:crypto';
import type { TelemetrySample } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import { ChunkEncoder, decodeSamples, encodeSamples } from './telemetry-codec.ts';
import { telemetryRepository, type ChunkRow } from './telemetry.repository.ts';

/** A chunk holds at most this many samples and this long a span (so a range query knows how far back to look). */
export const CHUNK_SAMPLES_MAX = 300;
export const CHUNK_SPAN_MAX_MS = 5 * 60_000;

interface OpenChunk {
  deviceId: string;
  openedAt: number;
  encoder: ChunkEncoder;
  /** Appends since the last write. */
  version: number;
  written: number;
  lastAppendAt: number;
}

/**
 * Telemetry store (docs/device-protocol.md "Storage"): one-second samples of sleep
 * monitors, packed per device into chunks of a few minutes (about 2–4 bytes a sample).
 * `append` only touches memory; ingest's writer calls `writePending` inside its batch
 * transaction, so one commit stores many devices' samples. Reads merge chunks of every
 * writer and answer samples in time order.
 */
export interface TelemetryStore {
  /** Adds samples to the device's open chunk; stored at the next write. */
  append(deviceId: string, samples: readonly TelemetrySample[]): void;
  /** Writes every open chunk with new samples (inside the caller's transaction); answers a commit callback. */
  writePending(trx: Db): Promise<(committed: boolean) => void>;
  /**
   * The rows `writePending` would write, for a caller that writes them itself (ingest's
   * one-statement batch on PostgreSQL); `settle` must be called with whether they were committed.
   */
  takePending(): PendingChunks;
  /** True when appended samples wait for a write. */
  hasPending(): boolean;
  /** Samples of [from, to) in time order. Samples not yet written are not included. */
  read(deviceId: string, from: number, to: number): Promise<TelemetrySample[]>;
  /** The stored chunks holding samples of [from, to), in start order, undecoded (they may hold samples outside the range). */
  readChunks(deviceId: string, from: number, to: number): Promise<{ data: Uint8Array; sampleCount: number }[]>;
  /** How many samples the device has in [from, to) (chunk counts; exact at the range's ends). */
  count(deviceId: string, from: number, to: number): Promise<number>;
  /** One page of [from, to) in time order, and how many samples the range holds (for original data). */
  page(deviceId: string, from: number, to: number, offset: number, limit: number): Promise<{ total: number; samples: TelemetrySample[] }>;
  /** Deletes the device's samples in [from, to); answers how many. */
  deleteRange(deviceId: string, from: number, to: number): Promise<number>;
  /** Deletes every sample of the device; answers how many. */
  deleteAll(deviceId: string): Promise<number>;
  /** Deletes chunks whose last sample is older than the time (retention); answers rows removed. */
  purgeBefore(time: number): Promise<number>;
  /** Closes open chunks idle longer than a chunk span (their bytes are already written). */
  closeIdle(now: number): void;
}

export interface PendingChunks {
  rows: ChunkRow[];
  settle(committed: boolean): void;
}

export function telemetryStore(db: Db, options: { now: () => number; writer?: string }): TelemetryStore {
  const writer = options.writer ?? crypto.randomBytes(6).toString('hex');
  const chunks = telemetryRepository(db, { spanMaxMs: CHUNK_SPAN_MAX_MS });
  const open = new Map<string, OpenChunk>();
  /** Chunks with samples not yet written (including ones already replaced by a newer chunk). */
  let dirty = new Set<OpenChunk>();
  let lastOpenedAt = 0;

  function openChunk(deviceId: string): OpenChunk {
    // Unique per writer: two chunks of a device opened in the same millisecond get different keys.
    lastOpenedAt = Math.max(options.now(), lastOpenedAt + 1);
    const chunk: OpenChunk = { deviceId, openedAt: lastOpenedAt, encoder: new ChunkEncoder(), version: 0, written: 0, lastAppendAt: options.now() };
    open.set(deviceId, chunk);
    return chunk;
  }

  function fits(chunk: OpenChunk, t: number): boolean {
    const { encoder } = chunk;
    if (encoder.count === 0) return true;
    if (encoder.count >= CHUNK_SAMPLES_MAX) return false;
    return Math.max(encoder.maxT, t) - Math.min(encoder.minT, t) <= CHUNK_SPAN_MAX_MS;
  }

  function dropOpen(deviceId: string): void {
    open.delete(deviceId);
    for (const chunk of dirty) if (chunk.deviceId === deviceId) dirty.delete(chunk);
  }

  function takePending(): PendingChunks {
    const taken = dirty;
    dirty = new Set();
    const batch: { chunk: OpenChunk; version: number }[] = [];
    const rows: ChunkRow[] = [];
    for (const chunk of taken) {
      if (chunk.version === chunk.written || chunk.encoder.count === 0) continue;
      batch.push({ chunk, version: chunk.version });
      rows.push({
        device_id: chunk.deviceId,
        writer,
        opened_at: chunk.openedAt,
        start_at: chunk.encoder.minT,
        end_at: chunk.encoder.maxT,
        sample_count: chunk.encoder.count,
        data: chunk.encoder.bytes(),
      });
    }
    return {
      rows,
      settle(committed: boolean) {
        if (!committed) for (const entry of batch) dirty.add(entry.chunk);
        else for (const entry of batch) entry.chunk.written = entry.version;
      },
    };
  }

  return {
    append(deviceId, samples) {
      let chunk = open.get(deviceId) ?? openChunk(deviceId);
      for (const sample of samples) {
        if (!fits(chunk, sample.t)) chunk = openChunk(deviceId);
        chunk.encoder.append(sample);
        chunk.version++;
        dirty.add(chunk);
      }
      chunk.lastAppendAt = options.now();
    },

    hasPending() {
      return dirty.size > 0;
    },

    takePending,

    async writePending(trx) {
      const pending = takePending();
      try {
        await chunks.upsert(trx, pending.rows);
      } catch (error) {
        pending.settle(false);
        throw error;
      }
      return (committed: boolean) => pending.settle(committed);
    },

    async read(deviceId, from, to) {
      const rows = await chunks.overlapping(deviceId, from, to);
      const samples: TelemetrySample[] = [];
      for (const row of rows) {
        for (const sample of decodeSamples(row.data)) if (sample.t >= from && sample.t < to) samples.push(sample);
      }
      return samples.sort((a, b) => a.t - b.t);
    },

    async readChunks(deviceId, from, to) {
      return (await chunks.overlapping(deviceId, from, to)).map((row) => ({ data: row.data, sampleCount: row.sample_count }));
    },

    async count(deviceId, from, to) {
      const rows = await chunks.overlapping(deviceId, from, to);
      let total = 0;
      for (const row of rows) {
        if (row.start_at >= from && row.end_at < to) total += row.sample_count;
        else total += decodeSamples(row.data).filter((sample) => sample.t >= from && sample.t < to).length;
      }
      return total;
    },

    async page(deviceId, from, to, offset, limit) {
      const meta = await chunks.overlappingCounts(deviceId, from, to);
      const edge = meta.filter((row) => row.start_at < from || row.end_at >= to).map((row) => row.id);
      const decoded = new Map<number, TelemetrySample[]>();
      const load = async (ids: number[]) => {
        const wanted = ids.filter((id) => !decoded.has(id));
        if (wanted.length === 0) return;
        const rows = await chunks.dataOf(wanted);
        for (const row of rows) decoded.set(row.id, decodeSamples(row.data).filter((sample) => sample.t >= from && sample.t < to).sort((a, b) => a.t - b.t));
      };
      await load(edge);
      const counts = meta.map((row) => decoded.get(row.id)?.length ?? row.sample_count);
      const total = counts.reduce((sum, n) => sum + n, 0);
      const needed: number[] = [];
      let position = 0;
      const firstSkip: Map<number, number> = new Map();
      meta.forEach((row, index) => {
        const n = counts[index] ?? 0;
        if (position + n > offset && position < offset + limit) {
          needed.push(row.id);
          firstSkip.set(row.id, Math.max(0, offset - position));
        }
        position += n;
      });
      await load(needed);
      const samples: TelemetrySample[] = [];
      for (const id of needed) samples.push(...(decoded.get(id) ?? []).slice(firstSkip.get(id) ?? 0));
      return { total, samples: samples.slice(0, limit) };
    },

    async deleteRange(deviceId, from, to) {
      dropOpen(deviceId);
      const rows = await chunks.overlapping(deviceId, from, to);
      let deleted = 0;
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          if (row.start_at >= from && row.end_at < to) {
            await chunks.remove(trx, row.id);
            deleted += row.sample_count;
            continue;
          }
          const all = decodeSamples(row.data);
          const kept = all.filter((sample) => sample.t < from || sample.t >= to);
          deleted += all.length - kept.length;
          if (kept.length === all.length) continue;
          if (kept.length === 0) {
            await chunks.remove(trx, row.id);
            continue;
          }
          kept.sort((a, b) => a.t - b.t);
          await chunks.rewrite(trx, row.id, { data: encodeSamples(kept), sample_count: kept.length, start_at: kept[0]?.t ?? row.start_at, end_at: kept[kept.length - 1]?.t ?? row.end_at });
        }
      });
      return deleted;
    },

    async deleteAll(deviceId) {
      dropOpen(deviceId);
      const total = await chunks.sampleCount(deviceId);
      await chunks.deleteAll(deviceId);
      return total;
    },

    async purgeBefore(time) {
      for (const chunk of open.values()) if (chunk.encoder.maxT < time) open.delete(chunk.deviceId);
      return chunks.purgeBefore(time);
    },

    closeIdle(now) {
      for (const [deviceId, chunk] of open) {
        if (chunk.version === chunk.written && now - chunk.lastAppendAt > CHUNK_SPAN_MAX_MS) open.delete(deviceId);
      }
    },
  };
}
