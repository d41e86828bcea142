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

/** What the binding picker reads of a bed: its resident and the devices bound to it. */
interface BedWithDevices extends Named {
  residentName: string | null;
  devices: readonly { deviceId: string }[];
}
type BedTree = readonly (Named & { floors: readonly (Named & { rooms: readonly (Named & { beds: readonly BedWithDevices[] })[] })[] })[];

/** One option of the binding bed picker: area → floor → room → bed. */
export interface BindingBedOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** The resident on the bed. */
  occupant?: string;
  /** Other devices bound to the bed (issue 25 item 17: the picker did not say). */
  devices?: readonly string[];
  /** The device being bound is on this bed now. */
  current?: boolean;
  children?: BindingBedOption[];
}

/** Cascader options down to beds for binding device `deviceId`; branches without beds are disabled. */
export function bindingBedOptions(tree: BedTree, deviceId: string): BindingBedOption[] {
  return tree.map((area) => {
    const floors = area.floors.map((floor) => {
      const rooms = floor.rooms.map((room) => {
        const beds = room.beds.map((bed): BindingBedOption => ({
          value: `bed:${bed.id}`,
          label: bed.name,
          occupant: bed.residentName ?? undefined,
          devices: bed.devices.filter((device) => device.deviceId !== deviceId).map((device) => device.deviceId),
          current: bed.devices.some((device) => device.deviceId === deviceId),
        }));
        return { value: `room:${room.id}`, label: room.name, children: beds, disabled: beds.length === 0 };
      });
      return { value: `floor:${floor.id}`, label: floor.name, children: rooms, disabled: rooms.every((room) => room.disabled) };
    });
    return { value: `area:${area.id}`, label: area.name, children: floors, disabled: floors.every((floor) => floor.disabled) };
  });
}
