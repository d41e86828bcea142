import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Devices: the vendor's stock (provider_id null) and the devices care homes added,
 * with their binding (bed, room or resident), gateway host, live status and settings.
 */
export function devices(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('devices')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('cipher_id', 'varchar(128)', (col) => col.notNull())
        .addColumn('device_type', 'integer', (col) => col.notNull())
        /** The device's secret for MQTT and HTTP (shown to vendor roles like an access token). */
        .addColumn('device_key', 'varchar(128)', (col) => col.notNull())
        .addColumn('provider_id', 'integer', (col) => col.references('providers.id').onDelete('set null'))
        .addColumn('added_at', 'bigint')
        .addColumn('imei', 'varchar(32)')
        .addColumn('module_imei', 'varchar(32)')
        .addColumn('iccid', 'varchar(32)')
        .addColumn('comm_method', 'varchar(16)')
        .addColumn('location', 'varchar(128)', (col) => col.notNull().defaultTo(''))
        .addColumn('room_id', 'integer', (col) => col.references('rooms.id').onDelete('set null'))
        .addColumn('bed_id', 'integer', (col) => col.references('beds.id').onDelete('set null'))
        .addColumn('resident_id', 'integer', (col) => col.references('residents.id').onDelete('set null'))
        .addColumn('host_id', 'integer', (col) => col.references('devices.id').onDelete('set null'))
        .addColumn('pairing', 'varchar(16)', (col) => col.notNull().defaultTo('none'))
        .addColumn('online', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_seen_at', 'bigint')
        .addColumn('online_changed_at', 'bigint')
        .addColumn('firmware_version', 'varchar(32)')
        .addColumn('hardware_version', 'varchar(32)')
        .addColumn('battery', 'integer')
        .addColumn('signal', 'integer')
        .addColumn('power', 'integer')
        .addColumn('tamper', 'varchar(16)')
        .addColumn('settings', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('remark', 'varchar(400)', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('devices_device_id_uq').unique().on('devices').column('device_id').execute();
      await db.schema.createIndex('devices_cipher_id_uq').unique().on('devices').column('cipher_id').execute();
      await db.schema.createIndex('devices_provider_idx').on('devices').columns(['provider_id', 'device_type', 'id']).execute();
      await db.schema.createIndex('devices_bed_idx').on('devices').column('bed_id').execute();
      await db.schema.createIndex('devices_room_idx').on('devices').column('room_id').execute();
      await db.schema.createIndex('devices_resident_idx').on('devices').column('resident_id').execute();
      await db.schema.createIndex('devices_host_idx').on('devices').column('host_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('devices').execute();
    },
  };
}
