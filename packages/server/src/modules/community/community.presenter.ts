import type { CareConfig } from '@vigil/contracts';
import type { AreaListRow } from '../addresses/area.repository.ts';
import type { GeofenceRow } from './community.repository.ts';

/** Maps a community (a level-1 area row) to the API shape, with its resident count and stored configs. */
export function presentCommunity(row: AreaListRow, residentCount: number, sleepConfig: CareConfig | null, alarmConfig: CareConfig | null) {
  return {
    id: row.id,
    name: row.name,
    floorCount: row.floor_count,
    roomCount: row.room_count,
    bedCount: row.bed_count,
    residentCount,
    sleepConfig,
    alarmConfig,
  };
}

/** Maps a geofence row to the API shape. */
export function presentGeofence(row: GeofenceRow) {
  return {
    id: row.id,
    areaId: row.area_id,
    areaName: row.area_name,
    name: row.name,
    centerLat: Number(row.center_lat),
    centerLng: Number(row.center_lng),
    radius: row.radius_m,
    keyword: row.keyword,
  };
}
