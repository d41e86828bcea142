import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

/** SQL for sessions (tokens are stored only as their SHA-256). */
export function sessionRepository(db: Db) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    async find(tokenHash: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /** The session whose socket key hashes to this (the live socket logs in with it). */
    async findBySocketKey(socketKeyHash: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('socket_key', '=', socketKeyHash).executeTakeFirst();
    },
    async touch(tokenHash: string, lastSeenAt: number, expiresAt: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
    },
    async setCurrentProvider(tokenHash: string, providerId: number): Promise<void> {
      await db.updateTable('sessions').set({ current_provider_id: providerId }).where('token_hash', '=', tokenHash).execute();
    },
    async revoke(tokenHash: string): Promise<void> {
      await db.updateTable('sessions').set({ revoked: 1 }).where('token_hash', '=', tokenHash).execute();
    },
    async revokeAccounts(accountIds: readonly number[]): Promise<void> {
      if (accountIds.length === 0) return;
      await db.updateTable('sessions').set({ revoked: 1 }).where('account_id', 'in', [...accountIds]).execute();
    },
    /** Drops sessions (and tombstones of cancelled ones) that ended before the given time (housekeeping). */
    async purgeEndedBefore(time: number): Promise<number> {
      const ended = await db.deleteFrom('sessions').where('expires_at', '<', time).executeTakeFirst();
      const cancelled = await db.deleteFrom('cancelled_sessions').where('expires_at', '<', time).executeTakeFirst();
      return Number(ended.numDeletedRows) + Number(cancelled.numDeletedRows);
    },
    /** True when the token belonged to an account that has since been deleted. */
    async isCancelled(tokenHash: string): Promise<boolean> {
      const row = await db.selectFrom('cancelled_sessions').select('token_hash').where('token_hash', '=', tokenHash).executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;

/**
 * Keeps a tombstone of every live session of accounts about to be deleted (the sessions
 * themselves go with the account), so their next call answers "account cancelled".
 * Call it in the same transaction as the delete.
 */
export async function cancelSessionsOf(db: Db, accounts: { ids: readonly number[] } | { providerId: number }): Promise<void> {
  let live = db.selectFrom('sessions').select(['sessions.token_hash', 'sessions.expires_at']).where('sessions.revoked', '=', 0);
  if ('ids' in accounts) {
    if (accounts.ids.length === 0) return;
    live = live.where('sessions.account_id', 'in', [...accounts.ids]);
  } else {
    const providerId = accounts.providerId;
    live = live.where((eb) => eb.exists(eb.selectFrom('accounts').select('accounts.id').whereRef('accounts.id', '=', 'sessions.account_id').where('accounts.provider_id', '=', providerId)));
  }
  await db
    .insertInto('cancelled_sessions')
    .columns(['token_hash', 'expires_at'])
    .expression(live)
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .execute();
}

/** SQL for fast-login signatures already used. */
export function usedSsoSignatureRepository(db: Db) {
  return {
    /** Marks the signature used; false when it already was (one atomic insert). */
    async consume(signatureHash: string, expiresAt: number): Promise<boolean> {
      const row = await db
        .insertInto('used_sso_signatures')
        .values({ signature_hash: signatureHash, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('signature_hash').doNothing())
        .returning('signature_hash')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Forgets signatures that can no longer be used anyway. */
    async purgeExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('used_sso_signatures').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type UsedSsoSignatureRepository = ReturnType<typeof usedSsoSignatureRepository>;

/** SQL for the failed-login counters (one row per account or address key). */
export function loginFailureRepository(db: Db) {
  const current = (column: 'count' | 'first_failed_at' | 'locked_until') => sql.ref(`login_failures.${column}`);
  return {
    async find(key: string) {
      return db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
    },
    /**
     * Counts one more try in a single upsert (atomic on SQLite and PostgreSQL) and answers
     * the new count and lock. A window or lock that is over starts the count again at 1;
     * the try that reaches the limit sets the lock; tries past the limit leave it as it is.
     */
    async reserve(input: { key: string; limit: number; lockMs: number; windowMs: number; now: number }): Promise<{ count: number; locked_until: number }> {
      const { key, limit, now } = input;
      const lockFromNow = now + input.lockMs;
      const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;
      const over = sql<boolean>`((${current('locked_until')} > 0 and ${current('locked_until')} <= ${bigint(now)}) or (${current('locked_until')} = 0 and ${bigint(now)} - ${current('first_failed_at')} > ${bigint(input.windowMs)}))`;
      return db
        .insertInto('login_failures')
        .values({ key, count: 1, first_failed_at: now, locked_until: limit <= 1 ? lockFromNow : 0 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${over} then 1 else ${current('count')} + 1 end`,
            first_failed_at: sql<number>`case when ${over} then ${bigint(now)} else ${current('first_failed_at')} end`,
            locked_until: sql<number>`case when ${over} then ${bigint(limit <= 1 ? lockFromNow : 0)} when ${current('count')} + 1 = ${limit} then ${bigint(lockFromNow)} else ${current('locked_until')} end`,
          }),
        )
        .returning(['count', 'locked_until'])
        .executeTakeFirstOrThrow();
    },
    /** Gives back one reserved try; below the limit again, the key is no longer locked. */
    async release(key: string, limit: number): Promise<void> {
      await db
        .updateTable('login_failures')
        .set({
          count: sql<number>`case when ${current('count')} > 0 then ${current('count')} - 1 else 0 end`,
          locked_until: sql<number>`case when ${current('count')} - 1 < ${limit} then 0 else ${current('locked_until')} end`,
        })
        .where('key', '=', key)
        .execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },
    /** Deletes records whose window began before `before` and whose lock (if any) is over. */
    async purgeBefore(before: number, now: number): Promise<number> {
      const result = await db.deleteFrom('login_failures').where('first_failed_at', '<', before).where('locked_until', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type LoginFailureRepository = ReturnType<typeof loginFailureRepository>;
