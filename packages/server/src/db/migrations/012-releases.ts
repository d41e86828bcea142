import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * App and H5 releases (issue 12, docs/releases.md): uploaded files, app versions, H5
 * versions and which H5 versions an app version runs.
 */
export function releases(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('release_files')
        .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('md5', 'varchar(32)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('app_versions')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('platform', 'varchar(16)', (col) => col.notNull())
        .addColumn('version_name', 'varchar(20)', (col) => col.notNull())
        /** Digits, left-padded with zeros to 20 so text order is number order. */
        .addColumn('build_number', 'varchar(20)', (col) => col.notNull())
        .addColumn('update_log', 'varchar(500)', (col) => col.notNull())
        .addColumn('store_url', 'varchar(512)', (col) => col.notNull().defaultTo(''))
        .addColumn('file_id', 'varchar(32)', (col) => col.references('release_files.id'))
        .addColumn('force_upgrade', 'integer', (col) => col.notNull().defaultTo(0))
        /** saved | published | removed */
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('uploaded_at', 'bigint', (col) => col.notNull())
        .addColumn('published_at', 'bigint')
        .execute();
      await db.schema.createIndex('app_versions_build_uq').on('app_versions').columns(['platform', 'build_number']).unique().execute();
      await db.schema
        .createTable('h5_versions')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('version', 'varchar(20)', (col) => col.notNull())
        .addColumn('file_id', 'varchar(32)', (col) => col.notNull().references('release_files.id'))
        .addColumn('uploaded_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('app_h5_versions')
        .addColumn('app_version_id', 'integer', (col) => col.notNull().references('app_versions.id').onDelete('cascade'))
        .addColumn('h5_version_id', 'integer', (col) => col.notNull().references('h5_versions.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('app_h5_versions_pk', ['app_version_id', 'h5_version_id'])
        .execute();
      await db.schema
        .createTable('firmware_files')
        .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('md5', 'varchar(32)', (col) => col.notNull())
        /** Read from the package's manifest. */
        .addColumn('device_type', 'integer', (col) => col.notNull())
        .addColumn('version', 'varchar(20)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('firmware_packages')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('file_id', 'varchar(32)', (col) => col.notNull().references('firmware_files.id'))
        .addColumn('device_type', 'integer', (col) => col.notNull())
        .addColumn('version', 'varchar(20)', (col) => col.notNull())
        /** unpublished | grayscale | full | removed */
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('remark', 'varchar(200)', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('published_at', 'bigint')
        /** Set when a grayscale rollout halted itself on failures; cleared by resume. */
        .addColumn('halted_at', 'bigint')
        .execute();
      await db.schema.createIndex('firmware_packages_type_idx').on('firmware_packages').columns(['device_type', 'status']).execute();
      await db.schema
        .createTable('firmware_gray_devices')
        .addColumn('firmware_id', 'integer', (col) => col.notNull().references('firmware_packages.id').onDelete('cascade'))
        .addColumn('device_id', 'integer', (col) => col.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('added_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('firmware_gray_devices_pk', ['firmware_id', 'device_id'])
        .execute();
      await db.schema
        .createTable('firmware_upgrades')
        .addColumn('firmware_id', 'integer', (col) => col.notNull().references('firmware_packages.id').onDelete('cascade'))
        .addColumn('device_id', 'integer', (col) => col.notNull().references('devices.id').onDelete('cascade'))
        /** pending | downloading | installing | done | failed */
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('command_id', 'varchar(64)')
        .addColumn('message', 'varchar(256)', (col) => col.notNull().defaultTo(''))
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('firmware_upgrades_pk', ['firmware_id', 'device_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('firmware_upgrades').execute();
      await db.schema.dropTable('firmware_gray_devices').execute();
      await db.schema.dropTable('firmware_packages').execute();
      await db.schema.dropTable('firmware_files').execute();
      await db.schema.dropTable('app_h5_versions').execute();
      await db.schema.dropTable('h5_versions').execute();
      await db.schema.dropTable('app_versions').execute();
      await db.schema.dropTable('release_files').execute();
    },
  };
}
