import { performance } from 'node:perf_hooks';
import type { RootOperationNode } from 'kysely';
import type { SessionInfo } from '../../http/context.ts';
import { updatedColumns, writtenTable, type WriteWatcher } from '../../db/write-watch.ts';
import type { SessionRow } from './session.repository.ts';

/** How long a resolved session is trusted without a change on the bus: the safety net, not the mechanism. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most (the oldest go first). */
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

/** A session resolved from the database: the row's times and who it is, with which providers. */
export interface CachedSession {
  session: Pick<SessionRow, 'created_at' | 'last_seen_at' | 'expires_at'>;
  info: SessionInfo;
  /** performance.now() when stored (the TTL runs on the monotonic clock, not the server's). */
  storedAt: number;
}

/**
 * Sessions already resolved (session row → account → provider → its parent and children),
 * by token hash, so most requests skip those four queries. Every committed write to
 * sessions, accounts or providers (sessionScopeWrites) drops the whole cache, in this
 * process at once and in the others through the bus's `auth.changed`; a resolution that
 * overlapped such a write is not stored (the generation moved), and nothing is trusted
 * longer than the TTL.
 */
export function sessionCache(options: { ttlMs?: number; maxEntries?: number; clock?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<string, CachedSession>();
  let generation = 0;
  return {
    /** The cached session, or undefined when none or older than the TTL. */
    get(tokenHash: string): CachedSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (clock() - entry.storedAt >= ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    /** Read before resolving from the database; pass it to store. */
    generation: () => generation,
    /** Keeps a resolution unless the cache was dropped since `since` (it may have read rows that changed meanwhile). */
    store(tokenHash: string, entry: Omit<CachedSession, 'storedAt'>, since: number): void {
      if (since !== generation) return;
      if (!entries.has(tokenHash) && entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { ...entry, storedAt: clock() });
    },
    /** Forgets one session (it was just found ended). */
    forget(tokenHash: string): void {
      entries.delete(tokenHash);
    },
    /** Drops every cached session. */
    clear(): void {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof sessionCache>;

/** What a session's own request updates on every minute of use: not a change of who it is or where. */
const SESSION_TOUCH_COLUMNS = new Set(['last_seen_at', 'expires_at']);

/**
 * Whether a write can change how a session resolves: any update or delete of an account
 * (disabled, role, password, provider, name, deleted), any write to providers (created,
 * moved, renamed, enabled, deleted, restored, purged) and any update or delete of sessions
 * (revoked, provider switched, purged) except the touch. New sessions and new accounts
 * change no existing session.
 */
export function changesSessionScope(query: RootOperationNode): boolean {
  switch (writtenTable(query)) {
    case 'providers':
      return true;
    case 'accounts':
      return query.kind !== 'InsertQueryNode';
    case 'sessions':
      if (query.kind === 'InsertQueryNode') return false;
      if (query.kind === 'UpdateQueryNode') return updatedColumns(query).some((column) => !SESSION_TOUCH_COLUMNS.has(column));
      return true;
    default:
      return false;
  }
}

/**
 * The database watcher that keeps a session cache right: drops it at once on every
 * scope-changing write (also inside a transaction), and after the commit tells the other
 * processes (`publish`, the bus's `auth.changed`) and drops it again, for what was
 * resolved from the old rows between the statement and the commit.
 */
export function sessionCacheWatcher(cache: SessionCache, publish: () => void): WriteWatcher {
  return {
    matters: changesSessionScope,
    written(stage) {
      cache.clear();
      if (stage === 'committed') publish();
    },
  };
}
