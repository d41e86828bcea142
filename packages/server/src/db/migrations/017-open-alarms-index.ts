import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The pending list reads every open alarm of a provider, newest first, whatever its age (issue 25):
 * a partial index on the open rows keeps that read proportional to the open alarms, not to the
 * month of closed ones kept beside them (100,000 closed rows made each page scan them all).
 */
export function openAlarmsIndex(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('alarms_provider_open_idx')
        .on('alarms')
        .columns(['provider_id', 'raised_at', 'id'])
        .where(sql.ref('open_key'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('alarms_provider_open_idx').execute();
    },
  };
}
