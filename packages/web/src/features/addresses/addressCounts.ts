import type { AreaNode, FloorNode, RoomNode } from './addressesApi.ts';

export interface PlaceCounts {
  rooms: number;
  beds: number;
  occupied: number;
}

function roomCounts(room: RoomNode): PlaceCounts {
  return { rooms: 1, beds: room.beds.length, occupied: room.beds.filter((bed) => bed.residentId !== null).length };
}

function add(a: PlaceCounts, b: PlaceCounts): PlaceCounts {
  return { rooms: a.rooms + b.rooms, beds: a.beds + b.beds, occupied: a.occupied + b.occupied };
}

const ZERO: PlaceCounts = { rooms: 0, beds: 0, occupied: 0 };

/** Rooms, beds and occupied beds of a floor. */
export function floorCounts(floor: FloorNode): PlaceCounts {
  return floor.rooms.map(roomCounts).reduce(add, ZERO);
}

/** Rooms, beds and occupied beds of an area, over all its floors. */
export function areaCounts(area: AreaNode): PlaceCounts {
  return area.floors.map(floorCounts).reduce(add, ZERO);
}

/** The selection of the tree: an area or one of its floors, as `area-<id>` / `floor-<id>`. */
export type PlaceKey = `area-${number}` | `floor-${number}`;

/** Finds what a tree key points at: the area, and the floor when a floor is selected. */
export function findPlace(tree: readonly AreaNode[], key: PlaceKey | null): { area: AreaNode; floor: FloorNode | null } | null {
  if (!key) return null;
  const id = Number(key.slice(key.indexOf('-') + 1));
  for (const area of tree) {
    if (key.startsWith('area-') && area.id === id) return { area, floor: null };
    const floor = area.floors.find((candidate) => candidate.id === id);
    if (key.startsWith('floor-') && floor) return { area, floor };
  }
  return null;
}
