import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Outbound webhooks (issue 28, docs/webhooks.md): a care home's endpoints, and one delivery per
 * endpoint, alarm and event (the unique key makes it one however many processes hear the event),
 * retried with backoff until delivered or 24 h old.
 */
export function webhooks(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('url', 'varchar(500)', (col) => col.notNull())
        .addColumn('description', 'varchar(100)', (col) => col.notNull().defaultTo(''))
        .addColumn('events', 'varchar(100)', (col) => col.notNull())
        .addColumn('alert_types', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
        .addColumn('levels', 'varchar(10)', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('secret', 'varchar(100)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('webhooks_provider_idx').on('webhooks').column('provider_id').execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('event', 'varchar(32)', (col) => col.notNull())
        .addColumn('alarm_id', 'bigint', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'varchar(400)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('retry_until', 'bigint', (col) => col.notNull())
        .addColumn('delivered_at', 'bigint')
        .execute();
      await db.schema.createIndex('webhook_deliveries_once_uq').unique().on('webhook_deliveries').columns(['webhook_id', 'alarm_id', 'event']).execute();
      await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['state', 'next_at']).execute();
      await db.schema.createIndex('webhook_deliveries_provider_idx').on('webhook_deliveries').columns(['provider_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhooks').execute();
    },
  };
}
