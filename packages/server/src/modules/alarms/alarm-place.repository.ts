import type { Db } from '../../db/database.ts';

/** SQL of the names an alarm's place shows: resident, bed, room, floor and building, each within the provider. */
export function alarmPlaceRepository(db: Db) {
  return {
    /** A sleep monitor's settings JSON and its care home's own time zone (the sleep schedule of the left-bed rules). */
    async findScheduleSource(providerId: number, deviceId: string) {
      return db
        .selectFrom('devices')
        .innerJoin('providers', 'providers.id', 'devices.provider_id')
        .select(['devices.settings', 'providers.time_zone'])
        .where('devices.device_id', '=', deviceId)
        .where('devices.provider_id', '=', providerId)
        .executeTakeFirst();
    },

    async findResident(providerId: number, residentId: number) {
      return db.selectFrom('residents').select(['name', 'bed_id']).where('id', '=', residentId).where('provider_id', '=', providerId).executeTakeFirst();
    },

    async findBed(providerId: number, bedId: number) {
      return db.selectFrom('beds').select(['name', 'room_id']).where('id', '=', bedId).where('provider_id', '=', providerId).executeTakeFirst();
    },

    async findResidentInBed(providerId: number, bedId: number) {
      return db.selectFrom('residents').select(['id', 'name']).where('bed_id', '=', bedId).where('provider_id', '=', providerId).executeTakeFirst();
    },

    /** The room with its floor and the floor's parent area (null when the floor has none). */
    async findRoom(providerId: number, roomId: number) {
      return db
        .selectFrom('rooms')
        .innerJoin('areas as floor', 'floor.id', 'rooms.floor_id')
        .leftJoin('areas as area', 'area.id', 'floor.parent_id')
        .select(['rooms.name as room', 'floor.id as floorId', 'floor.name as floor', 'area.id as areaId', 'area.name as area'])
        .where('rooms.id', '=', roomId)
        .where('rooms.provider_id', '=', providerId)
        .executeTakeFirst();
    },
  };
}
export type AlarmPlaceRepository = ReturnType<typeof alarmPlaceRepository>;
