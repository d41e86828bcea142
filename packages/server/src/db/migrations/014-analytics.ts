import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Response-time analytics and the night handover (issue 13, docs/analytics.md): each
 * provider's shifts and response target, and the handover summaries the nightly job stores
 * (one per provider and night, keyed by the local date of the morning the night ended).
 */
export function analytics(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('analytics_settings')
        .addColumn('provider_id', 'integer', (col) => col.primaryKey().references('providers.id').onDelete('cascade'))
        .addColumn('shift_starts', 'text', (col) => col.notNull())
        .addColumn('target_seconds', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('handover_summaries')
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('night_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('summary', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('handover_summaries_pk', ['provider_id', 'night_date'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('handover_summaries').execute();
      await db.schema.dropTable('analytics_settings').execute();
    },
  };
}
