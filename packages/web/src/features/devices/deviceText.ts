import type { Device } from '@vigil/contracts';

const DASH = '—';

/** Where the device is bound: "Building / Floor / Room / Bed" ('' when unbound). */
export function placeText(binding: Device['binding']): string {
  return [binding.buildingName, binding.floorName, binding.roomName, binding.bunkName].filter(Boolean).join(' / ');
}

/** The place and the resident of a binding on one line, or a dash when unbound. */
export function bindingText(binding: Device['binding']): string {
  const parts = [placeText(binding), binding.residentName ?? ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : DASH;
}

/** The text of an optional field, or a dash. */
export function orDash(value: string | null | undefined): string {
  return value ? value : DASH;
}
