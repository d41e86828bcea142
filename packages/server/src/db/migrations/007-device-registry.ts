import type { Kysely } from 'kysely';

/**
 * Device registry (issue 9): a vendor's stock flag (`withheld`: taken out of stock for
 * repair or retirement, care homes cannot add it) and the commands sent to devices with
 * their answer (docs/devices.md).
 */
export function deviceRegistry() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('devices').addColumn('withheld', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('device_commands')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('device_id', 'integer', (col) => col.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('cmd', 'varchar(16)', (col) => col.notNull())
        .addColumn('args', 'text', (col) => col.notNull().defaultTo('{}'))
        /** pending | acked | failed | timeout */
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('sent_at', 'bigint', (col) => col.notNull())
        .addColumn('answered_at', 'bigint')
        .addColumn('message', 'varchar(256)', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('device_commands_device_idx').on('device_commands').columns(['device_id', 'sent_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('device_commands').execute();
      await db.schema.alterTable('devices').dropColumn('withheld').execute();
    },
  };
}
