import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Gateways and fall monitors (issue 9): a host's open pairing window, a sub-device's
 * tested state, a radar's real-time mode and settings waiting for it to come online,
 * and the recent device events the install wizards poll (kept a day).
 */
export function gatewaysFallRadar(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('devices').addColumn('pairing_until', 'bigint').execute();
      await db.schema.alterTable('devices').addColumn('tested', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('devices').addColumn('realtime_until', 'bigint').execute();
      await db.schema.alterTable('devices').addColumn('settings_pending', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('device_recent_events')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
        /** '' when the device reported for itself. */
        .addColumn('sub_device_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('sub_device_type', 'integer')
        .addColumn('event_type', 'varchar(32)', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('x', 'real')
        .addColumn('y', 'real')
        .addColumn('ts', 'bigint', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .execute();
      // One row per reported event even when several processes receive it (Redis bus).
      await db.schema.createIndex('device_recent_events_uq').unique().on('device_recent_events').columns(['device_id', 'sub_device_id', 'event_type', 'ts']).execute();
      await db.schema.createIndex('device_recent_events_sub_idx').on('device_recent_events').columns(['sub_device_id', 'received_at']).execute();
      await db.schema.createIndex('device_recent_events_received_idx').on('device_recent_events').column('received_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('device_recent_events').execute();
      for (const column of ['pairing_until', 'tested', 'realtime_until', 'settings_pending']) await db.schema.alterTable('devices').dropColumn(column).execute();
    },
  };
}
