import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The durable device log between the MQTT broker and the rules (docs/scale-out.md, issue 26):
 * which process owns each partition (a lease) and the last log sequence whose effects are
 * committed, the processes alive, and on each alarm the log message that raised or last
 * repeated it (a message handled again after a crash is recognised and raises nothing).
 */
export function deviceLog(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('device_log_partitions')
        .addColumn('stream', 'varchar(64)', (col) => col.notNull())
        .addColumn('partition', 'integer', (col) => col.notNull())
        .addColumn('owner', 'varchar(64)')
        .addColumn('lease_until', 'bigint', (col) => col.notNull().defaultTo(0))
        /** The highest log sequence of the partition whose rows and alarms are committed. */
        .addColumn('handled_seq', 'bigint', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('device_log_partitions_pk', ['stream', 'partition'])
        .execute();
      await db.schema
        .createTable('device_log_members')
        .addColumn('stream', 'varchar(64)', (col) => col.notNull())
        .addColumn('member', 'varchar(64)', (col) => col.notNull())
        .addColumn('seen_until', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('device_log_members_pk', ['stream', 'member'])
        .execute();
      await db.schema.alterTable('alarms').addColumn('source_message', 'varchar(96)').execute();
      await db.schema.createIndex('alarms_source_message_idx').on('alarms').column('source_message').where(sql.ref('source_message'), 'is not', null).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('alarms_source_message_idx').execute();
      await db.schema.alterTable('alarms').dropColumn('source_message').execute();
      await db.schema.dropTable('device_log_members').execute();
      await db.schema.dropTable('device_log_partitions').execute();
    },
  };
}
