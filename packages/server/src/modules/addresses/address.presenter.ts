import type { Area, Bunk, Room } from '@vigil/contracts';
import type { AreaListRow, RoomListRow } from './area.repository.ts';
import type { BedListRow } from './bed.repository.ts';

/** Maps an area or floor row to the API shape. */
export function presentArea(row: AreaListRow): Area {
  return {
    id: row.id,
    name: row.name,
    level: row.level === 1 ? 1 : 2,
    parentId: row.parent_id,
    parentName: row.parent_name,
    floorCount: row.floor_count,
    roomCount: row.room_count,
    bedCount: row.bed_count,
  };
}

/** Maps a room row to the API shape. */
export function presentRoom(row: RoomListRow): Room {
  return {
    id: row.id,
    name: row.name,
    floorId: row.floor_id,
    floorName: row.floor_name,
    buildingId: row.building_id,
    buildingName: row.building_name,
    bedCount: row.bed_count,
  };
}

/** Maps a bed row to the API shape. */
export function presentBed(row: BedListRow): Bunk {
  return {
    id: row.id,
    name: row.name,
    roomId: row.room_id,
    roomName: row.room_name,
    floorId: row.floor_id,
    floorName: row.floor_name,
    buildingId: row.building_id,
    buildingName: row.building_name,
    deviceCode: row.device_code,
    residentId: row.resident_id,
    residentName: row.resident_name,
  };
}

/** "Area / Floor / Room / Bed", the label bed pickers show. */
export function bedLabel(row: BedListRow): string {
  return [row.building_name, row.floor_name, row.room_name, row.name].join(' / ');
}

/** A bed in the administrators' bed picker: its full label, device code and resident. */
export function presentAdminBed(row: BedListRow) {
  return { id: row.id, label: bedLabel(row), deviceCode: row.device_code, residentId: row.resident_id };
}
