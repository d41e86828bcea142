import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const ROWS_PER_UPDATE = 300;

/**
 * When each device was last heard from: kept in memory and written to devices.last_seen_at
 * at most every `flushMs` in one statement per few hundred devices, so ten thousand
 * messages a second do not mean ten thousand UPDATEs.
 */
export function lastSeenWriter(flushMs: number) {
  const latest = new Map<string, number>();
  let pending = new Map<string, number>();
  let writtenAt = 0;
  return {
    mark(deviceId: string, time: number): void {
      latest.set(deviceId, time);
      pending.set(deviceId, time);
    },
    get: (deviceId: string) => latest.get(deviceId),
    due: (now: number) => pending.size > 0 && now - writtenAt >= flushMs,
    /** The rows to write now (none until the interval has passed, unless forced). */
    take(now: number, force = false): [string, number][] {
      if (pending.size === 0 || (!force && now - writtenAt < flushMs)) return [];
      writtenAt = now;
      const rows = [...pending];
      pending = new Map();
      return rows;
    },
    /** Puts back rows whose write failed (newer marks win). */
    restore(rows: [string, number][]): void {
      for (const [deviceId, time] of rows) if (!pending.has(deviceId)) pending.set(deviceId, time);
    },
    async write(trx: Kysely<Database>, rows: [string, number][]): Promise<void> {
      for (let index = 0; index < rows.length; index += ROWS_PER_UPDATE) {
        const part = rows.slice(index, index + ROWS_PER_UPDATE);
        const cases = sql.join(part.map(([deviceId, time]) => sql`when ${deviceId} then cast(${time} as bigint)`), sql` `);
        await trx
          .updateTable('devices')
          .set({ last_seen_at: sql<number>`case device_id ${cases} else last_seen_at end` })
          .where('device_id', 'in', part.map(([deviceId]) => deviceId))
          .execute();
      }
    },
  };
}
