/**
 * When each device was last heard from: kept in memory and written to devices.last_seen_at
 * at most every `flushMs` by ingest's writer, a few hundred devices per statement
 * (device-state.repository.ts), so ten thousand messages a second do not mean ten thousand UPDATEs.
 */
export function lastSeenTracker(flushMs: number) {
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
  };
}
