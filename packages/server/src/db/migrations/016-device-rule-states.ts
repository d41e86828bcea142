import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The rule engine's per-device state (docs/alarms.md "Rule state"): bed state, timers such as
 * "left bed at" and "last turned over", and where the device was last placed, so a restart or a
 * partition moving to another process neither restarts nor drops a timer.
 */
export function deviceRuleStates(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('device_rule_states')
        .addColumn('device_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('device_type', 'integer', (col) => col.notNull())
        /** JSON of StoredRuleState (rules/rule-state-store.ts). */
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('device_rule_states').execute();
    },
  };
}
