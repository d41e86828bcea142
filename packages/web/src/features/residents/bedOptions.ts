import type { AreaNode } from '../addresses/addressesApi.ts';

/** One option of the bed cascader: area → floor → room → bed. */
export interface BedOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** The resident now on this bed, when it is not the one being edited. */
  occupant?: string;
  children?: BedOption[];
}

/**
 * Cascader options from the address tree. Occupied beds stay selectable (saving asks
 * to move the link) but say who is there; branches without beds are disabled.
 */
export function bedOptions(tree: readonly AreaNode[], residentId: number | null): BedOption[] {
  return tree.map((area) => {
    const floors = area.floors.map((floor) => {
      const rooms = floor.rooms.map((room) => {
        const beds = room.beds.map((bed): BedOption => {
          const occupant = bed.residentId !== null && bed.residentId !== residentId ? (bed.residentName ?? '') : undefined;
          return { value: `bed:${bed.id}`, label: bed.name, occupant };
        });
        return { value: `room:${room.id}`, label: room.name, children: beds, disabled: beds.length === 0 };
      });
      return { value: `floor:${floor.id}`, label: floor.name, children: rooms, disabled: rooms.every((room) => room.disabled) };
    });
    return { value: `area:${area.id}`, label: area.name, children: floors, disabled: floors.every((floor) => floor.disabled) };
  });
}

/** The cascader path of a bed, or [] when the tree does not have it. */
export function bedPathOf(tree: readonly AreaNode[], bedId: number): string[] {
  for (const area of tree) {
    for (const floor of area.floors) {
      for (const room of floor.rooms) {
        if (room.beds.some((bed) => bed.id === bedId)) return [`area:${area.id}`, `floor:${floor.id}`, `room:${room.id}`, `bed:${bedId}`];
      }
    }
  }
  return [];
}

/** The occupant of the bed at the end of a path (null when vacant or unknown). */
export function occupantOf(options: readonly BedOption[], path: readonly string[]): string | null {
  let level: readonly BedOption[] | undefined = options;
  let found: BedOption | undefined;
  for (const value of path) {
    found = level?.find((option) => option.value === value);
    level = found?.children;
  }
  return found?.occupant ?? null;
}

/** "Area / floor / room / bed" for a cascader path ('' when empty). */
export function pathLabel(options: readonly BedOption[], path: readonly string[]): string {
  const labels: string[] = [];
  let level: readonly BedOption[] | undefined = options;
  for (const value of path) {
    const found: BedOption | undefined = level?.find((option) => option.value === value);
    if (!found) break;
    labels.push(found.label);
    level = found.children;
  }
  return labels.join(' / ');
}
