import type { BedNode, RoomNode } from './addressesApi.ts';

/** Which beds the room cards show. */
export type BedFilter = 'all' | 'vacant' | 'occupied';

/** True when the bed passes the filter. */
export function bedMatches(bed: BedNode, filter: BedFilter): boolean {
  if (filter === 'vacant') return bed.residentId === null;
  if (filter === 'occupied') return bed.residentId !== null;
  return true;
}

/** The rooms to show under a filter: every room for "all", else those with a matching bed. */
export function roomsShown(rooms: readonly RoomNode[], filter: BedFilter): RoomNode[] {
  return filter === 'all' ? [...rooms] : rooms.filter((room) => room.beds.some((bed) => bedMatches(bed, filter)));
}
