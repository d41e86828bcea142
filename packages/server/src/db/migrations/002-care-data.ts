import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/** Address tree, residents with contacts, caregivers, geofences and per-community configs. */
export function careData(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) => table.addColumn('id', idColumnType(dialect), id);

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('areas'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (col) => col.references('areas.id'))
        .addColumn('parent_key', 'integer', (col) => col.notNull())
        .addColumn('level', 'integer', (col) => col.notNull())
        .addColumn('name', 'varchar(64)', (col) => col.notNull())
        .addColumn('name_key', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('areas_sibling_name_uq').unique().on('areas').columns(['provider_id', 'parent_key', 'name_key']).execute();
      await db.schema.createIndex('areas_parent_idx').on('areas').column('parent_id').execute();

      await withId(db.schema.createTable('rooms'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('floor_id', 'integer', (col) => col.notNull().references('areas.id'))
        .addColumn('name', 'varchar(64)', (col) => col.notNull())
        .addColumn('name_key', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('rooms_floor_name_uq').unique().on('rooms').columns(['floor_id', 'name_key']).execute();
      await db.schema.createIndex('rooms_provider_idx').on('rooms').columns(['provider_id', 'name_key']).execute();

      await withId(db.schema.createTable('beds'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id'))
        .addColumn('name', 'varchar(64)', (col) => col.notNull())
        .addColumn('name_key', 'varchar(64)', (col) => col.notNull())
        .addColumn('device_code', 'varchar(64)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('beds_room_name_uq').unique().on('beds').columns(['room_id', 'name_key']).execute();
      await db.schema.createIndex('beds_provider_idx').on('beds').columns(['provider_id', 'id']).execute();

      await withId(db.schema.createTable('residents'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('name', 'varchar(128)', (col) => col.notNull())
        .addColumn('name_key', 'varchar(128)', (col) => col.notNull())
        .addColumn('gender', 'integer', (col) => col.notNull())
        .addColumn('birth_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('height_cm', 'integer')
        .addColumn('weight_kg', 'integer')
        .addColumn('medical_history', 'varchar(128)', (col) => col.notNull().defaultTo(''))
        .addColumn('remark', 'varchar(400)', (col) => col.notNull().defaultTo(''))
        .addColumn('care_level', 'integer')
        .addColumn('attention', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('check_in_at', 'bigint')
        .addColumn('check_out_at', 'bigint')
        .addColumn('deregistered_at', 'bigint')
        .addColumn('bed_id', 'integer', (col) => col.references('beds.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      // One resident per bed; NULLs (no bed) never collide on either dialect.
      await db.schema.createIndex('residents_bed_uq').unique().on('residents').column('bed_id').execute();
      // The resident list pages newest first within a provider, optionally by state or attention.
      await db.schema.createIndex('residents_provider_idx').on('residents').columns(['provider_id', 'id']).execute();
      await db.schema.createIndex('residents_provider_state_idx').on('residents').columns(['provider_id', 'state', 'id']).execute();
      await db.schema.createIndex('residents_provider_attention_idx').on('residents').columns(['provider_id', 'attention', 'id']).execute();
      await db.schema.createIndex('residents_provider_name_idx').on('residents').columns(['provider_id', 'name_key']).execute();

      await withId(db.schema.createTable('resident_contacts'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('resident_id', 'integer', (col) => col.notNull().references('residents.id').onDelete('cascade'))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('name', 'varchar(128)', (col) => col.notNull())
        .addColumn('phone', 'varchar(24)', (col) => col.notNull())
        .addColumn('relation', 'varchar(16)', (col) => col.notNull())
        .addColumn('account_id', 'integer', (col) => col.references('accounts.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('resident_contacts_resident_idx').on('resident_contacts').column('resident_id').execute();
      await db.schema.createIndex('resident_contacts_account_idx').on('resident_contacts').column('account_id').execute();
      await db.schema.createIndex('resident_contacts_phone_idx').on('resident_contacts').columns(['provider_id', 'phone']).execute();

      await withId(db.schema.createTable('caregivers'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('account_id', 'integer', (col) => col.notNull().unique().references('accounts.id').onDelete('cascade'))
        .addColumn('name', 'varchar(128)', (col) => col.notNull())
        .addColumn('phone', 'varchar(24)', (col) => col.notNull())
        .addColumn('job', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('id_number', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('relation', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('grade', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('caregivers_provider_idx').on('caregivers').columns(['provider_id', 'id']).execute();

      await db.schema
        .createTable('resident_caregivers')
        .addColumn('resident_id', 'integer', (col) => col.notNull().references('residents.id').onDelete('cascade'))
        .addColumn('caregiver_id', 'integer', (col) => col.notNull().references('caregivers.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('resident_caregivers_pk', ['resident_id', 'caregiver_id'])
        .execute();
      await db.schema.createIndex('resident_caregivers_caregiver_idx').on('resident_caregivers').column('caregiver_id').execute();

      await withId(db.schema.createTable('geofences'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('area_id', 'integer', (col) => col.notNull().references('areas.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (col) => col.notNull())
        .addColumn('center_lat', 'double precision', (col) => col.notNull())
        .addColumn('center_lng', 'double precision', (col) => col.notNull())
        .addColumn('radius_m', 'integer', (col) => col.notNull())
        .addColumn('keyword', 'varchar(128)', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('geofences_area_idx').on('geofences').columns(['provider_id', 'area_id']).execute();

      await db.schema
        .createTable('care_configs')
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('area_id', 'integer', (col) => col.notNull())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('care_configs_pk', ['provider_id', 'area_id', 'kind'])
        .execute();
    },
  };
}
