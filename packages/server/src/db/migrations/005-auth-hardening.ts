import type { Kysely } from 'kysely';

/**
 * Scheduler leader lease, one-time fast-login signatures, and tombstones of
 * sessions whose account was deleted (so their next call says "account cancelled").
 */
export function authHardening() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('scheduler_leases')
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('holder', 'varchar(64)', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('used_sso_signatures')
        .addColumn('signature_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('used_sso_signatures_expiry_idx').on('used_sso_signatures').column('expires_at').execute();

      await db.schema
        .createTable('cancelled_sessions')
        .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('cancelled_sessions_expiry_idx').on('cancelled_sessions').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('cancelled_sessions').execute();
      await db.schema.dropTable('used_sso_signatures').execute();
      await db.schema.dropTable('scheduler_leases').execute();
    },
  };
}
