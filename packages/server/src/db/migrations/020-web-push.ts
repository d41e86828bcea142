import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Web Push to the caregiver app (issue 28, docs/app.md "Push"): the deployment's VAPID key pair
 * (one row, made by the first process that starts, read by every other), the app's push
 * subscriptions (one per device endpoint, owned by the account signed in there), and a claim per
 * alarm event so that each is pushed once however many processes hear of it.
 */
export function webPush(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('web_push_keys')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('public_key', 'varchar(200)', (col) => col.notNull())
        .addColumn('private_key', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('endpoint', 'varchar(1000)', (col) => col.notNull())
        .addColumn('p256dh', 'varchar(200)', (col) => col.notNull())
        .addColumn('auth', 'varchar(100)', (col) => col.notNull())
        .addColumn('device', 'varchar(200)', (col) => col.notNull().defaultTo(''))
        .addColumn('language', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('last_sent_at', 'bigint')
        .addColumn('last_status', 'integer')
        .execute();
      await db.schema.createIndex('push_subscriptions_endpoint_uq').unique().on('push_subscriptions').column('endpoint').execute();
      await db.schema.createIndex('push_subscriptions_provider_idx').on('push_subscriptions').column('provider_id').execute();
      await db.schema.createIndex('push_subscriptions_account_idx').on('push_subscriptions').column('account_id').execute();
      await db.schema
        .createTable('push_claims')
        .addColumn('alarm_id', 'bigint', (col) => col.notNull())
        .addColumn('event', 'varchar(16)', (col) => col.notNull())
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('claimed_at', 'bigint', (col) => col.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('push_claims_pk', ['alarm_id', 'event'])
        .execute();
      await db.schema.createIndex('push_claims_claimed_idx').on('push_claims').column('claimed_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('push_claims').execute();
      await db.schema.dropTable('push_subscriptions').execute();
      await db.schema.dropTable('web_push_keys').execute();
    },
  };
}
