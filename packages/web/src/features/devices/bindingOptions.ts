/** One option of the room picker: area → floor → room. */
export interface RoomOption {
  value: string;
  label: string;
  disabled?: boolean;
  children?: RoomOption[];
}

/** What the room picker reads of the address tree (an AreaNode list fits). */
interface Named {
  id: number;
  name: string;
}
type RoomTree = readonly (Named & { floors: readonly (Named & { rooms: readonly Named[] })[] })[];

/** Cascader options down to rooms (fall radars and room sensors bind to a room); empty branches disabled. */
export function roomOptions(tree: RoomTree): RoomOption[] {
  return tree.map((area) => {
    const floors = area.floors.map((floor) => {
      const rooms = floor.rooms.map((room): RoomOption => ({ value: `room:${room.id}`, label: room.name }));
      return { value: `floor:${floor.id}`, label: floor.name, children: rooms, disabled: rooms.length === 0 };
    });
    return { value: `area:${area.id}`, label: area.name, children: floors, disabled: floors.every((floor) => floor.disabled) };
  });
}

/** The row id at the end of a cascader path ("bed:12" → 12), or null when the path is empty or ends elsewhere. */
export function idAtEnd(path: readonly string[] | undefined, prefix: 'bed' | 'room'): number | null {
  const last = path?.at(-1);
  if (!last?.startsWith(`${prefix}:`)) return null;
  const id = Number(last.slice(prefix.length + 1));
  return Number.isInteger(id) && id > 0 ? id : null;
}
