import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Escalation chains (issue 28): a care home's chain per alarm level and its duty roster, the
 * steps each alarm has reached (one row per alarm and step however many processes try), and the
 * log of who was told of an alarm, when and by which channel. Webhook deliveries get a `seq` so
 * an alarm's several escalation steps each make their own delivery per endpoint.
 */
export function escalation(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('escalation_chains')
        .addColumn('provider_id', 'integer', (col) => col.primaryKey().references('providers.id').onDelete('cascade'))
        .addColumn('red', 'text', (col) => col.notNull())
        .addColumn('orange', 'text', (col) => col.notNull())
        .addColumn('roster', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('escalation_steps')
        .addColumn('alarm_id', 'bigint', (col) => col.notNull())
        /** level * 100 + the step's index in that level's chain. */
        .addColumn('step_key', 'integer', (col) => col.notNull())
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('claimed_at', 'bigint', (col) => col.notNull())
        .addColumn('done_at', 'bigint')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('escalation_steps_pk', ['alarm_id', 'step_key'])
        .execute();
      await db.schema.createIndex('escalation_steps_open_idx').on('escalation_steps').columns(['done_at', 'claimed_at']).execute();
      await db.schema
        .createTable('alarm_notifications')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('alarm_id', 'bigint', (col) => col.notNull())
        .addColumn('level', 'integer', (col) => col.notNull())
        .addColumn('step', 'integer')
        .addColumn('channel', 'varchar(16)', (col) => col.notNull())
        .addColumn('account_id', 'integer')
        .addColumn('recipient', 'varchar(500)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('alarm_notifications_alarm_idx').on('alarm_notifications').columns(['alarm_id', 'at']).execute();
      await db.schema.createIndex('alarm_notifications_at_idx').on('alarm_notifications').column('at').execute();
      await db.schema.alterTable('webhook_deliveries').addColumn('seq', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema.dropIndex('webhook_deliveries_once_uq').execute();
      await db.schema.createIndex('webhook_deliveries_once_uq').unique().on('webhook_deliveries').columns(['webhook_id', 'alarm_id', 'event', 'seq']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('webhook_deliveries_once_uq').execute();
      await db.schema.createIndex('webhook_deliveries_once_uq').unique().on('webhook_deliveries').columns(['webhook_id', 'alarm_id', 'event']).execute();
      await db.schema.alterTable('webhook_deliveries').dropColumn('seq').execute();
      await db.schema.dropTable('alarm_notifications').execute();
      await db.schema.dropTable('escalation_steps').execute();
      await db.schema.dropTable('escalation_chains').execute();
    },
  };
}
