import type { Kysely } from 'kysely';

/**
 * The morning summary email (issue 28): per care home, the addresses that get the night's summary
 * and the local time it goes out (beside the other notification settings), and one row per care
 * home and morning, claimed before sending, so the summary goes out once however many processes
 * (or scheduler leaders in a failover) try.
 */
export function morningSummary() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('care_home_notify').addColumn('summary_emails', 'text', (col) => col.notNull().defaultTo('[]')).execute();
      await db.schema.alterTable('care_home_notify').addColumn('summary_time', 'varchar(5)', (col) => col.notNull().defaultTo('08:00')).execute();
      await db.schema
        .createTable('morning_summaries')
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('date', 'varchar(10)', (col) => col.notNull())
        .addColumn('claimed_at', 'bigint', (col) => col.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('recipients', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('morning_summaries_pk', ['provider_id', 'date'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('morning_summaries').execute();
      await db.schema.alterTable('care_home_notify').dropColumn('summary_time').execute();
      await db.schema.alterTable('care_home_notify').dropColumn('summary_emails').execute();
    },
  };
}
