import type { Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * Big-data statistics (issue 13, docs/statistics.md): one snapshot per provider per local day,
 * the statistics coefficient's history (each row applies from its local date), the providers
 * a government account may see, and a care home's own time zone.
 */
export function statistics(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('statistics_snapshots')
        .addColumn('id', idColumnType(dialect), (col) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey()))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        /** YYYY-MM-DD: the local day the figures cover (written at the 00:00 that ends it). */
        .addColumn('snapshot_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('time_zone', 'varchar(64)', (col) => col.notNull())
        /** The coefficient in force for this day, in hundredths (100 = 1). */
        .addColumn('factor_centi', 'integer', (col) => col.notNull())
        .addColumn('factor_since', 'varchar(10)')
        /** JSON of the real figures (statistics-figures.ts). */
        .addColumn('figures', 'text', (col) => col.notNull())
        // Trend columns, so 12-month trends never parse a year of JSON.
        .addColumn('residents', 'integer', (col) => col.notNull())
        .addColumn('check_ins', 'integer', (col) => col.notNull())
        .addColumn('devices_online', 'integer', (col) => col.notNull())
        .addColumn('alarms_raised', 'integer', (col) => col.notNull())
        .addColumn('alarms_handled', 'integer', (col) => col.notNull())
        .addColumn('sleep_reports', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('statistics_snapshots_day_uq').on('statistics_snapshots').columns(['provider_id', 'snapshot_date']).unique().execute();
      await db.schema
        .createTable('statistics_coefficients')
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        /** YYYY-MM-DD in the care home's time zone: applies to snapshots of this day on. */
        .addColumn('effective_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('factor_centi', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('statistics_coefficients_pk', ['provider_id', 'effective_date'])
        .execute();
      await db.schema
        .createTable('government_providers')
        .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (col) => col.notNull().references('providers.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('government_providers_pk', ['account_id', 'provider_id'])
        .execute();
      /** IANA zone of the care home; NULL uses the platform's (settings.timeZone). */
      await db.schema.alterTable('providers').addColumn('time_zone', 'varchar(64)').execute();
    },
  };
}
