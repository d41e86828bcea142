import type { Kysely } from 'kysely';

/**
 * The webhook sweep (issue 28, docs/webhooks.md) looks for alarms handled, relieved or turned red in
 * the last minutes of a care home; without these it would read every handled alarm of the care home.
 */
export function webhookSweep() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('alarms_provider_dealt_idx').on('alarms').columns(['provider_id', 'deal_time']).execute();
      await db.schema.createIndex('alarms_provider_relieved_idx').on('alarms').columns(['provider_id', 'relieved_at']).execute();
      await db.schema.createIndex('alarms_provider_escalated_idx').on('alarms').columns(['provider_id', 'escalated_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('alarms_provider_escalated_idx').execute();
      await db.schema.dropIndex('alarms_provider_relieved_idx').execute();
      await db.schema.dropIndex('alarms_provider_dealt_idx').execute();
    },
  };
}
