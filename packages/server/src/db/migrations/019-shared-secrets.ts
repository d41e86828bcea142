import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * What every Vigil process of one installation must share (issue 26): the RSA key pair of the
 * login form, the fast-login and device-code secrets (server_secrets, made once by whichever
 * process starts first), and uploaded files such as logos (uploaded_files), so a login or a logo
 * works the same on every process behind the load balancer.
 */
export function sharedSecrets(dialect: Dialect) {
  const blob = dialect === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('uploaded_files')
        .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('content_type', 'varchar(64)', (col) => col.notNull())
        .addColumn('data', blob, (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('uploaded_files').execute();
      await db.schema.dropTable('server_secrets').execute();
    },
  };
}
