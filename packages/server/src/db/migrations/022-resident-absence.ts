import type { Kysely } from 'kysely';

/**
 * Temporary absence (spec 02 §7 /user/transient/post and /delete, docs/care-data.md "Temporary
 * absence"): a resident away (hospital, family visit) since a time, optionally until a planned
 * return, with a reason and a remark. While away their bed raises no alarms and they count as away.
 */
export function residentAbsence() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('residents').addColumn('away_since', 'bigint').execute();
      await db.schema.alterTable('residents').addColumn('away_until', 'bigint').execute();
      await db.schema.alterTable('residents').addColumn('away_reason', 'varchar(16)').execute();
      await db.schema.alterTable('residents').addColumn('away_remark', 'varchar(200)').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('residents').dropColumn('away_remark').execute();
      await db.schema.alterTable('residents').dropColumn('away_reason').execute();
      await db.schema.alterTable('residents').dropColumn('away_until').execute();
      await db.schema.alterTable('residents').dropColumn('away_since').execute();
    },
  };
}
