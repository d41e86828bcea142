import type { Kysely } from 'kysely';

/**
 * Deleting a provider marks it (deleted_at, epoch ms) instead of removing it: a vendor
 * role can restore it for PROVIDER_RESTORE_DAYS, then the purge removes it with its data.
 */
export function providerSoftDelete() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('providers').addColumn('deleted_at', 'bigint').execute();
      await db.schema.createIndex('providers_deleted_idx').on('providers').column('deleted_at').execute();
    },
  };
}
