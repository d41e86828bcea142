import type { Db } from '../../db/database.ts';

/** SQL of the family app: a relative account's residents and their latest analysed night. */
export function familyRepository(db: Db) {
  return {
    /** Residents of the care home whose emergency contact is this relative account (usually one). */
    residentsOfRelative(providerId: number, accountId: number) {
      return db
        .selectFrom('resident_contacts as c')
        .innerJoin('residents as r', 'r.id', 'c.resident_id')
        .select(['r.id', 'r.name', 'r.away_since', 'r.away_until'])
        .distinct()
        .where('c.account_id', '=', accountId)
        .where('c.provider_id', '=', providerId)
        .where('r.provider_id', '=', providerId)
        .where('r.deregistered_at', 'is', null)
        .orderBy('r.id')
        .execute();
    },

    /** The resident's latest analysed night. */
    latestNight(providerId: number, residentId: number) {
      return db
        .selectFrom('daily_reports')
        .select(['report_date', 'score', 'sleep_minutes', 'wake_ups', 'bed_time', 'wake_time'])
        .where('provider_id', '=', providerId)
        .where('resident_id', '=', residentId)
        .where('analysed', '=', 1)
        .orderBy('report_date', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
export type FamilyRepository = ReturnType<typeof familyRepository>;
