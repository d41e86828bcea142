import type { Selectable } from 'kysely';
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
    /** Drops sessions that ended before the given time (housekeeping). */
    async purgeEndedBefore(time: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', time).execute();
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;

/** SQL for the failed-login counters. */
export function loginFailureRepository(db: Db) {
  return {
    async find(key: string) {
      return db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
    },
    async save(row: { key: string; count: number; first_failed_at: number; locked_until: number }): Promise<void> {
      await db
        .insertInto('login_failures')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ count: row.count, first_failed_at: row.first_failed_at, locked_until: row.locked_until }),
        )
        .execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },
  };
}
export type LoginFailureRepository = ReturnType<typeof loginFailureRepository>;
