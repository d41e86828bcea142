import type { Kysely } from 'kysely';

/**
 * Relatives' alarm push (issue 28): a care home's notification settings beside its escalation
 * chains (whether relatives may receive alarm notifications; off until a manager turns it on), and
 * each relative's own opt-in. A relative is pushed only with both, and only their own resident's
 * red alarms.
 */
export function relativesAlarmPush() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('care_home_notify')
        .addColumn('provider_id', 'integer', (col) => col.primaryKey().references('providers.id').onDelete('cascade'))
        .addColumn('relatives_push', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('relative_alarm_optins')
        .addColumn('account_id', 'integer', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('relative_alarm_optins').execute();
      await db.schema.dropTable('care_home_notify').execute();
    },
  };
}
