import type { DevicePlacement } from '@vigil/contracts';
import type { AlarmPlaceRepository } from './alarm-place.repository.ts';

/** Where an alarm happened, with the names it shows (snapshotted on the alarm row). */
export interface AlarmPlace {
  providerId: number;
  residentId: number | null;
  bedId: number | null;
  roomId: number | null;
  floorId: number | null;
  areaId: number | null;
  userName: string;
  bunk: string;
  room: string;
  floorArea: string;
}

const PLACE_CACHE_MS = 30_000;
const PLACE_CACHE_MAX = 20_000;

/**
 * Resolves a device's binding (bed, room or resident) to the resident and the names of
 * bed, room, floor and building. Cached briefly per binding: a rebinding shows within 30 s
 * (and immediately for bindings the event itself carries, which key the cache).
 */
export function alarmPlaces(repository: AlarmPlaceRepository, now: () => number) {
  const cache = new Map<string, { place: AlarmPlace; at: number }>();

  async function load(placement: DevicePlacement & { providerId: number }): Promise<AlarmPlace> {
    const place: AlarmPlace = {
      providerId: placement.providerId, residentId: placement.residentId, bedId: placement.bedId, roomId: placement.roomId,
      floorId: null, areaId: null, userName: '', bunk: '', room: '', floorArea: '',
    };
    if (place.residentId !== null) {
      const resident = await repository.findResident(place.providerId, place.residentId);
      if (resident) {
        place.userName = resident.name;
        place.bedId ??= resident.bed_id;
      } else {
        place.residentId = null;
      }
    }
    if (place.bedId !== null) {
      const bed = await repository.findBed(place.providerId, place.bedId);
      if (bed) {
        place.bunk = bed.name;
        place.roomId ??= bed.room_id;
        if (place.residentId === null) {
          const resident = await repository.findResidentInBed(place.providerId, place.bedId);
          if (resident) {
            place.residentId = resident.id;
            place.userName = resident.name;
          }
        }
      }
    }
    if (place.roomId !== null) {
      const room = await repository.findRoom(place.providerId, place.roomId);
      if (room) {
        place.room = room.room;
        place.floorId = room.floorId;
        place.areaId = room.areaId;
        place.floorArea = [room.area, room.floor].filter((part): part is string => typeof part === 'string' && part.length > 0).join(' / ');
      }
    }
    return place;
  }

  return {
    async resolve(placement: DevicePlacement & { providerId: number }): Promise<AlarmPlace> {
      const key = `${placement.providerId}|${placement.residentId}|${placement.bedId}|${placement.roomId}`;
      const cached = cache.get(key);
      if (cached && now() - cached.at < PLACE_CACHE_MS) return cached.place;
      const place = await load(placement);
      if (cache.size >= PLACE_CACHE_MAX) cache.clear();
      cache.set(key, { place, at: now() });
      return place;
    },
  };
}
export type AlarmPlaces = ReturnType<typeof alarmPlaces>;
