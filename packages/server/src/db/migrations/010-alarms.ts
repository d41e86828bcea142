import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Alarms (issue 10): the alarm records with their handling, the provider's alarm levels,
 * residents' alarm settings and each account's focus residents.
 *
 * `open_key` is `deviceId|alertType` while an alarm is pending (neither handled nor
 * relieved) and NULL afterwards; its unique index keeps one open alarm per device and
 * alert type even when two processes raise it at once (both dialects allow many NULLs).
 */
export function alarms(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('alarms')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('device_type', 'integer', (col) => col.notNull())
        .addColumn('alert_type', 'varchar(32)', (col) => col.notNull())
        .addColumn('alarm_group', 'varchar(32)', (col) => col.notNull())
        .addColumn('alert_level', 'integer', (col) => col.notNull())
        .addColumn('open_key', 'varchar(128)')
        .addColumn('resident_id', 'integer')
        .addColumn('bed_id', 'integer')
        .addColumn('room_id', 'integer')
        .addColumn('floor_id', 'integer')
        .addColumn('area_id', 'integer')
        .addColumn('user_name', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('bunk', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('room', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('floor_area', 'varchar(128)', (col) => col.notNull().defaultTo(''))
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('duration', 'integer')
        .addColumn('raised_at', 'bigint', (col) => col.notNull())
        .addColumn('last_at', 'bigint', (col) => col.notNull())
        .addColumn('repeat_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('escalated_at', 'bigint')
        .addColumn('relieved', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('release_source', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('relieved_at', 'bigint')
        .addColumn('remove_reason', 'varchar(400)')
        .addColumn('deal_state', 'varchar(16)', (col) => col.notNull().defaultTo('unDeal'))
        .addColumn('handler_id', 'integer')
        .addColumn('handler_name', 'varchar(64)')
        .addColumn('deal_time', 'bigint')
        .addColumn('deal_option', 'varchar(32)')
        .addColumn('follow_up', 'varchar(32)')
        .addColumn('remark', 'varchar(400)')
        .addColumn('response_ms', 'bigint')
        .execute();
      await db.schema.createIndex('alarms_open_key_uq').unique().on('alarms').column('open_key').execute();
      await db.schema.createIndex('alarms_provider_time_idx').on('alarms').columns(['provider_id', 'raised_at']).execute();
      await db.schema.createIndex('alarms_provider_pending_idx').on('alarms').columns(['provider_id', 'deal_state', 'relieved', 'raised_at']).execute();
      await db.schema.createIndex('alarms_resident_idx').on('alarms').columns(['resident_id', 'raised_at']).execute();
      await db.schema.createIndex('alarms_raised_idx').on('alarms').column('raised_at').execute();

      await db.schema
        .createTable('alarm_level_settings')
        .addColumn('provider_id', 'integer', (col) => col.primaryKey().references('providers.id').onDelete('cascade'))
        .addColumn('levels', 'text', (col) => col.notNull())
        .addColumn('voice_l1', 'text', (col) => col.notNull())
        .addColumn('voice_l2', 'text', (col) => col.notNull())
        .addColumn('escalation_minutes', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('resident_alarm_settings')
        .addColumn('resident_id', 'integer', (col) => col.primaryKey().references('residents.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('settings', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('focus_residents')
        .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('resident_id', 'integer', (col) => col.notNull().references('residents.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('focus_residents_pk', ['account_id', 'resident_id'])
        .execute();

      // The live socket finds its session by the hashed socket key.
      await db.schema.createIndex('sessions_socket_key_idx').on('sessions').column('socket_key').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('sessions_socket_key_idx').execute();
      await db.schema.dropTable('focus_residents').execute();
      await db.schema.dropTable('resident_alarm_settings').execute();
      await db.schema.dropTable('alarm_level_settings').execute();
      await db.schema.dropTable('alarms').execute();
    },
  };
}
