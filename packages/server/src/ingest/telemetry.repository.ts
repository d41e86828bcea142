import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { TelemetryChunksTable } from '../db/schema.ts';

export type ChunkRow = Insertable<TelemetryChunksTable>;

const UPSERT_ROWS = 200;

/**
 * SQL of the telemetry store: chunks of packed samples, one row per device, writer and opening time.
 * `spanMaxMs` is the longest span of a chunk: a range read looks that far back on the indexed
 * start_at for chunks that may still reach into the range.
 */
export function telemetryRepository(db: Db, options: { spanMaxMs: number }) {
  const overlapping = (deviceId: string, from: number, to: number) =>
    db
      .selectFrom('telemetry_chunks')
      .where('device_id', '=', deviceId)
      .where('start_at', '>=', from - options.spanMaxMs)
      .where('start_at', '<', to)
      .where('end_at', '>=', from);
  return {
    /** Writes chunks, a rewritten one over its earlier row; inside the caller's transaction (ingest's batch). */
    async upsert(trx: Db, rows: ChunkRow[]): Promise<void> {
      for (let index = 0; index < rows.length; index += UPSERT_ROWS) {
        await trx
          .insertInto('telemetry_chunks')
          .values(rows.slice(index, index + UPSERT_ROWS))
          .onConflict((conflict) =>
            conflict.columns(['device_id', 'writer', 'opened_at']).doUpdateSet((eb) => ({
              start_at: eb.ref('excluded.start_at'),
              end_at: eb.ref('excluded.end_at'),
              sample_count: eb.ref('excluded.sample_count'),
              data: eb.ref('excluded.data'),
            })),
          )
          .execute();
      }
    },
    /** The device's chunks that may hold samples of [from, to), in start order. */
    overlapping: (deviceId: string, from: number, to: number) => overlapping(deviceId, from, to).select(['id', 'start_at', 'end_at', 'sample_count', 'data']).orderBy('start_at').execute(),
    /** The same chunks without their data, in a stable order (for paging). */
    overlappingCounts: (deviceId: string, from: number, to: number) =>
      overlapping(deviceId, from, to).select(['id', 'start_at', 'end_at', 'sample_count']).orderBy('start_at').orderBy('id').execute(),
    dataOf: (ids: number[]) => db.selectFrom('telemetry_chunks').select(['id', 'data']).where('id', 'in', ids).execute(),
    async remove(trx: Db, id: number): Promise<void> {
      await trx.deleteFrom('telemetry_chunks').where('id', '=', id).execute();
    },
    /** Replaces a chunk's samples (some were deleted). */
    async rewrite(trx: Db, id: number, chunk: { data: Buffer; sample_count: number; start_at: number; end_at: number }): Promise<void> {
      await trx.updateTable('telemetry_chunks').set(chunk).where('id', '=', id).execute();
    },
    async sampleCount(deviceId: string): Promise<number> {
      const total = await db.selectFrom('telemetry_chunks').select((eb) => eb.fn.sum<number | string | null>('sample_count').as('n')).where('device_id', '=', deviceId).executeTakeFirst();
      return Number(total?.n ?? 0);
    },
    async deleteAll(deviceId: string): Promise<void> {
      await db.deleteFrom('telemetry_chunks').where('device_id', '=', deviceId).execute();
    },
    /** Deletes chunks whose last sample is older than the time; answers rows removed. */
    async purgeBefore(time: number): Promise<number> {
      const result = await db.deleteFrom('telemetry_chunks').where('end_at', '<', time).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type TelemetryRepository = ReturnType<typeof telemetryRepository>;
