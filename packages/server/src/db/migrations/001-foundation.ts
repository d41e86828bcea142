import type { Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/** Providers, accounts, sessions, login throttling and platform settings. */
export function foundation(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('providers')
        .addColumn('id', idColumnType(dialect), (col) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey()))
        .addColumn('name', 'varchar(128)', (col) => col.notNull())
        .addColumn('name_key', 'varchar(128)', (col) => col.notNull().unique())
        .addColumn('code', 'varchar(64)', (col) => col.unique())
        .addColumn('domain', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('level', 'integer', (col) => col.notNull())
        .addColumn('parent_id', 'integer', (col) => col.references('providers.id'))
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('providers_parent_idx').on('providers').column('parent_id').execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', idColumnType(dialect), (col) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey()))
        .addColumn('user_name', 'varchar(64)', (col) => col.notNull())
        .addColumn('user_name_key', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('password_hash', 'varchar(256)', (col) => col.notNull())
        .addColumn('role', 'varchar(32)', (col) => col.notNull())
        .addColumn('nick_name', 'varchar(128)', (col) => col.notNull())
        .addColumn('data_permission', 'integer')
        .addColumn('provider_id', 'integer', (col) => col.references('providers.id'))
        .addColumn('is_provider_login', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('accounts_provider_idx').on('accounts').column('provider_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('current_provider_id', 'integer')
        .addColumn('socket_key', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('revoked', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'varchar(160)', (col) => col.primaryKey())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addColumn('first_failed_at', 'bigint', (col) => col.notNull())
        .addColumn('locked_until', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
