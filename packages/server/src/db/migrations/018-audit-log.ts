import { sql, type Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * The audit trail (docs/audit.md): one row per change to people's data or safety settings, per
 * login (success or failure), per export of personal data and per view of a resident's reports.
 * Append-only: a trigger refuses every UPDATE; rows leave only by the retention purge (DELETE of
 * rows older than AUDIT_RETENTION_DAYS). provider_id is a plain number, not a foreign key, so a
 * deleted care home's history stays.
 */
export function auditLog(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', idColumnType(dialect), (col) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey()))
        .addColumn('at', 'bigint', (col) => col.notNull())
        /** change, login, loginFailed, export, view */
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        /** The contract operation id (userManagement.updateUser …). */
        .addColumn('operation', 'varchar(64)', (col) => col.notNull())
        .addColumn('account_id', 'integer')
        .addColumn('user_name', 'varchar(64)', (col) => col.notNull())
        .addColumn('role', 'varchar(32)')
        /** The actor's care home or group (null: platform accounts); what scopes who may read the row. */
        .addColumn('provider_id', 'integer')
        .addColumn('address', 'varchar(64)', (col) => col.notNull())
        .addColumn('request_id', 'varchar(64)', (col) => col.notNull())
        /** The main record: "residents#12" (the first row written, or the resident viewed). */
        .addColumn('record', 'varchar(96)')
        /** JSON: the tables, rows and fields changed with their values before and after (secrets never). */
        .addColumn('changes', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
      await db.schema.createIndex('audit_log_provider_at_idx').on('audit_log').columns(['provider_id', 'at']).execute();
      if (dialect === 'sqlite') {
        await sql`create trigger audit_log_append_only before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      } else {
        await sql`create function audit_log_append_only() returns trigger language plpgsql as $$ begin raise exception 'audit_log is append-only'; end $$`.execute(db);
        await sql`create trigger audit_log_append_only before update on audit_log for each row execute function audit_log_append_only()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('audit_log').execute();
      if (dialect === 'postgres') await sql`drop function if exists audit_log_append_only()`.execute(db);
    },
  };
}
