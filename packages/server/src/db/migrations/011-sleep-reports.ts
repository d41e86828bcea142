import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Sleep reports (issue 11, docs/sleep-analysis.md): one daily report per resident and
 * morning (never two: unique resident + date), with the figures lists and monthly analysis
 * read as columns and the whole analysis as JSON; and the monthly analysis kept per
 * resident and month, remade whenever a daily report of that month is made.
 */
export function sleepReports(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('daily_reports')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('resident_id', 'integer', (col) => col.notNull().references('residents.id').onDelete('cascade'))
        /** The sleep monitor (plain device ID) the night was read from. */
        .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
        /** YYYY-MM-DD: the local date (platform time zone) of the morning the night ended. */
        .addColumn('report_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('window_from', 'bigint', (col) => col.notNull())
        .addColumn('window_to', 'bigint', (col) => col.notNull())
        .addColumn('analysed', 'integer', (col) => col.notNull())
        .addColumn('reason', 'varchar(16)')
        .addColumn('score', 'integer')
        .addColumn('sleep_minutes', 'double precision', (col) => col.notNull())
        .addColumn('time_in_bed_minutes', 'double precision')
        .addColumn('efficiency', 'double precision')
        .addColumn('deep_share', 'double precision')
        .addColumn('wake_ups', 'integer')
        .addColumn('left_bed_count', 'integer')
        .addColumn('body_movement_index', 'double precision')
        .addColumn('hr_mean', 'double precision')
        .addColumn('rr_mean', 'double precision')
        .addColumn('ahi', 'double precision')
        .addColumn('apnea_grade', 'varchar(16)')
        .addColumn('af_grade', 'varchar(16)')
        .addColumn('bed_time', 'bigint')
        .addColumn('wake_time', 'bigint')
        .addColumn('analysis', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('daily_reports_resident_date_uq').unique().on('daily_reports').columns(['resident_id', 'report_date']).execute();
      await db.schema.createIndex('daily_reports_provider_idx').on('daily_reports').columns(['provider_id', 'report_date', 'id']).execute();

      await db.schema
        .createTable('monthly_reports')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('resident_id', 'integer', (col) => col.notNull().references('residents.id').onDelete('cascade'))
        /** YYYY-MM */
        .addColumn('month', 'varchar(7)', (col) => col.notNull())
        /** Analysed nights of the month. */
        .addColumn('nights', 'integer', (col) => col.notNull())
        .addColumn('analysis', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('monthly_reports_resident_month_uq').unique().on('monthly_reports').columns(['resident_id', 'month']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('monthly_reports').execute();
      await db.schema.dropTable('daily_reports').execute();
    },
  };
}
