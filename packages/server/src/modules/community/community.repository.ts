import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GeofencesTable } from '../../db/schema.ts';

export type GeofenceRow = Selectable<GeofencesTable> & { area_name: string };
export type ConfigKind = 'sleep' | 'alarm' | 'geofence';
export interface GeofenceFields {
  areaId: number;
  name: string;
  centerLat: number;
  centerLng: number;
  radius: number;
  keyword: string;
}

/** SQL for per-community configs, geofences and community resident counts. */
export function communityRepository(db: Db) {
  return {
    /** Stored configs of a provider (areaId 0: provider-wide). */
    async configs(providerId: number, kind: ConfigKind): Promise<Map<number, string>> {
      const rows = await db.selectFrom('care_configs').select(['area_id', 'value']).where('provider_id', '=', providerId).where('kind', '=', kind).execute();
      return new Map(rows.map((row) => [row.area_id, row.value]));
    },

    async saveConfig(providerId: number, areaId: number, kind: ConfigKind, value: string, now: number): Promise<void> {
      await db
        .insertInto('care_configs')
        .values({ provider_id: providerId, area_id: areaId, kind, value, updated_at: now })
        .onConflict((conflict) => conflict.columns(['provider_id', 'area_id', 'kind']).doUpdateSet({ value, updated_at: now }))
        .execute();
    },

    /** Residents whose bed lies in each area (level 1). */
    async residentCounts(providerId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('residents as r')
        .innerJoin('beds as b', 'b.id', 'r.bed_id')
        .innerJoin('rooms as rm', 'rm.id', 'b.room_id')
        .innerJoin('areas as f', 'f.id', 'rm.floor_id')
        .select(['f.parent_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('r.provider_id', '=', providerId)
        .groupBy('f.parent_id')
        .execute();
      return new Map(rows.map((row) => [Number(row.parent_id), Number(row.n)]));
    },

    async geofences(providerId: number, areaId?: number): Promise<GeofenceRow[]> {
      let query = db
        .selectFrom('geofences as g')
        .innerJoin('areas as a', 'a.id', 'g.area_id')
        .selectAll('g')
        .select('a.name as area_name')
        .where('g.provider_id', '=', providerId);
      if (areaId) query = query.where('g.area_id', '=', areaId);
      return query.orderBy('g.id').execute();
    },

    async findGeofence(id: number): Promise<Selectable<GeofencesTable> | undefined> {
      return db.selectFrom('geofences').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertGeofence(providerId: number, fields: GeofenceFields, now: number): Promise<number> {
      const row = await db
        .insertInto('geofences')
        .values({
          provider_id: providerId,
          area_id: fields.areaId,
          name: fields.name,
          center_lat: fields.centerLat,
          center_lng: fields.centerLng,
          radius_m: fields.radius,
          keyword: fields.keyword,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateGeofence(id: number, fields: Omit<GeofenceFields, 'areaId'>, now: number): Promise<void> {
      await db
        .updateTable('geofences')
        .set({ name: fields.name, center_lat: fields.centerLat, center_lng: fields.centerLng, radius_m: fields.radius, keyword: fields.keyword, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async deleteGeofence(id: number): Promise<void> {
      await db.deleteFrom('geofences').where('id', '=', id).execute();
    },
  };
}
export type CommunityRepository = ReturnType<typeof communityRepository>;
