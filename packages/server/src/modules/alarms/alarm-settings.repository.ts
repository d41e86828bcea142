import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AlarmLevelSettingsTable } from '../../db/schema.ts';

/** The provider's alarm levels as stored (JSON columns). */
export type StoredLevels = Omit<Insertable<AlarmLevelSettingsTable>, 'provider_id'>;

/** SQL of the provider's alarm levels and the residents' alarm settings. */
export function alarmSettingsRepository(db: Db) {
  return {
    async findLevels(providerId: number) {
      return db.selectFrom('alarm_level_settings').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
    },

    /** Inserts or replaces the provider's levels. */
    async saveLevels(providerId: number, values: StoredLevels): Promise<void> {
      await db
        .insertInto('alarm_level_settings')
        .values({ provider_id: providerId, ...values })
        .onConflict((conflict) => conflict.column('provider_id').doUpdateSet(values))
        .execute();
    },

    /** The alarm config (JSON) of the community (level-1 area) holding the resident's bed, if any. */
    async communityConfigOf(providerId: number, residentId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('residents')
        .innerJoin('beds', 'beds.id', 'residents.bed_id')
        .innerJoin('rooms', 'rooms.id', 'beds.room_id')
        .innerJoin('areas as floor', 'floor.id', 'rooms.floor_id')
        .innerJoin('care_configs', (join) =>
          join.onRef('care_configs.area_id', '=', 'floor.parent_id').onRef('care_configs.provider_id', '=', 'residents.provider_id').on('care_configs.kind', '=', 'alarm'),
        )
        .select('care_configs.value')
        .where('residents.id', '=', residentId)
        .where('residents.provider_id', '=', providerId)
        .executeTakeFirst();
      return row?.value;
    },

    /** The resident's own settings (JSON), if saved. */
    async findResidentSettings(residentId: number): Promise<string | undefined> {
      const row = await db.selectFrom('resident_alarm_settings').select('settings').where('resident_id', '=', residentId).executeTakeFirst();
      return row?.settings;
    },

    /** Inserts or replaces the resident's own settings. */
    async saveResidentSettings(residentId: number, providerId: number, values: { settings: string; updated_at: number }): Promise<void> {
      await db
        .insertInto('resident_alarm_settings')
        .values({ resident_id: residentId, provider_id: providerId, ...values })
        .onConflict((conflict) => conflict.column('resident_id').doUpdateSet(values))
        .execute();
    },

    async deleteResidentSettings(residentId: number): Promise<void> {
      await db.deleteFrom('resident_alarm_settings').where('resident_id', '=', residentId).execute();
    },

    /** The resident's state and temporary absence columns (an away resident's bed raises nothing). */
    async findAbsence(residentId: number) {
      return db.selectFrom('residents').select(['state', 'away_since', 'away_until', 'away_reason', 'away_remark']).where('id', '=', residentId).executeTakeFirst();
    },

    /** The resident's id and provider, for the ownership check. */
    async findResident(residentId: number) {
      return db.selectFrom('residents').select(['id', 'provider_id']).where('id', '=', residentId).executeTakeFirst();
    },
  };
}
export type AlarmSettingsRepository = ReturnType<typeof alarmSettingsRepository>;
