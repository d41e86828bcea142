import type { GatewayRepository, RecentEventRow } from './gateway.repository.ts';

/** How long recorded events wait to be written together. */
export const RECENT_EVENTS_FLUSH_MS = 100;
/** Beyond this many unwritten events (the database down for a while) the oldest are let go: it is a tail, not a log. */
const PENDING_MAX = 20_000;

/**
 * The recent-event tail the wizards read (door/motion tests, pairing, the radar's current
 * site): every device event is recorded, so a row per event and a round trip each would tie up
 * the database pool at ingest rates. Rows are gathered for RECENT_EVENTS_FLUSH_MS and written in
 * one multi-row insert; a read first writes what is gathered, so this process always reads its
 * own events. Other processes see them at most that much later.
 */
export function recentEventLog(repository: GatewayRepository) {
  let pending: Omit<RecentEventRow, 'id'>[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    writing = writing.then(async () => {
      const rows = pending;
      pending = [];
      if (rows.length === 0) return;
      try {
        await repository.recordEvents(rows);
      } catch {
        // Kept for the next write (the newest win when too many wait).
        pending = [...rows, ...pending].slice(-PENDING_MAX);
        if (!closed && !timer) timer = setTimeout(() => void flush(), RECENT_EVENTS_FLUSH_MS * 10).unref();
      }
    });
    return writing;
  }

  return {
    record(row: Omit<RecentEventRow, 'id'>): void {
      pending.push(row);
      if (pending.length > PENDING_MAX) pending.shift();
      if (!timer && !closed) timer = setTimeout(() => void flush(), RECENT_EVENTS_FLUSH_MS).unref();
    },
    flush,
    /** Events a device reported for itself, or a host reported for it, newest first (after writing what is gathered). */
    async recent(deviceId: string, since: number, limit: number, type?: string): Promise<RecentEventRow[]> {
      await flush();
      return repository.recentEvents(deviceId, since, limit, type);
    },
    async close(): Promise<void> {
      closed = true;
      await flush();
    },
  };
}
export type RecentEventLog = ReturnType<typeof recentEventLog>;
