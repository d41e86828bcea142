import type { GeofenceRow } from './community.repository.ts';

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
