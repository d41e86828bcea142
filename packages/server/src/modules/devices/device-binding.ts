import { DEVICE_TYPES, deviceTypeInfo, Status, type BindingInput, type DeviceKind } from '@vigil/contracts';
import { AppError, errors } from '../../http/errors.ts';
import { assertOwned } from '../../tenancy/care-provider.ts';
import { bindingTarget } from './device.presenter.ts';
import type { DeviceListRow, DeviceRepository, DeviceRow } from './device.repository.ts';

/** Device types of one kind: a bed or resident holds at most one device of each kind (one sleep monitor, one badge …). */
function typesOfKind(kind: DeviceKind): number[] {
  return DEVICE_TYPES.filter((info) => info.kind === kind).map((info) => info.type);
}

/** "Building / Floor / Room / Bed", or the resident's name: where a device is bound, for confirmations. */
export function placeText(row: DeviceListRow): string {
  if (row.resident_id !== null) return row.bound_resident_name ?? '';
  return bedPathText(row);
}

/** "Building / Floor / Room / Bed" of a device's place, whoever lies there. */
function bedPathText(row: DeviceListRow): string {
  return [row.building_name, row.floor_name, row.room_name, row.bed_name].filter((part) => part !== null).join(' / ');
}

interface Conflict {
  confirm: 'deviceBound' | 'bedTaken' | 'residentTaken';
  key: 'device.confirmMove' | 'device.confirmBedTaken' | 'device.confirmResidentTaken';
  params: Record<string, string>;
  deviceId?: string;
}

/**
 * Binds a device to a bed, room or resident of its own provider with the caller's
 * transaction-bound repository (spec 02 §5: device, bed and resident conflicts ask first). Without
 * `confirm`, any conflict answers 301 naming the first and listing all; with it, the
 * other device's link is cleared and this one's set, in the same transaction. Answers the
 * row ids of the other devices whose link it cleared.
 */
export async function bindDeviceIn(repository: DeviceRepository, device: DeviceRow, binding: BindingInput, confirm: boolean, time: number): Promise<number[]> {
  const info = deviceTypeInfo(device.device_type);
  const providerId = device.provider_id;
  if (!info || providerId === null) throw errors.notFound('device.notFound');
  if (binding.target === 'none') {
    await repository.clearBinding(device.id, time);
    return [];
  }
  if (!info.bindsTo.includes(binding.target)) throw errors.invalidField('target', 'device.cannotBind', { model: info.model });
  const targetId = binding.targetId;
  if (targetId === null) throw errors.invalidField('targetId', 'device.targetRequired');

  let values: { bed_id: number | null; room_id: number | null; resident_id: number | null };
  let holder: DeviceRow | undefined;
  const kindTypes = typesOfKind(info.kind);
  if (binding.target === 'bed') {
    const bed = await repository.findBed(targetId);
    assertOwned(bed, providerId, 'bed.notFound', 'targetId');
    values = { bed_id: bed.id, room_id: bed.room_id, resident_id: null };
    holder = await repository.findHolder({ bedId: bed.id }, kindTypes, device.id);
  } else if (binding.target === 'room') {
    const room = await repository.findRoom(targetId);
    assertOwned(room, providerId, 'room.notFound', 'targetId');
    values = { bed_id: null, room_id: room.id, resident_id: null };
  } else {
    const resident = await repository.findResident(targetId);
    assertOwned(resident, providerId, 'resident.notFound', 'targetId');
    values = { bed_id: null, room_id: null, resident_id: resident.id };
    holder = await repository.findHolder({ residentId: resident.id }, kindTypes, device.id);
  }
  const unchanged = values.bed_id === device.bed_id && values.room_id === device.room_id && values.resident_id === device.resident_id;
  if (unchanged) return [];

  const conflicts: Conflict[] = [];
  if (bindingTarget(device) !== 'none') {
    const current = await repository.findListRow(device.id);
    conflicts.push({ confirm: 'deviceBound', key: 'device.confirmMove', params: { place: current ? placeText(current) : '' } });
  }
  if (holder) {
    const held = await repository.findListRow(holder.id);
    // A bed is named by its place, a resident by name (the bed's message once read "Bed 陈淑珍 …": issue 25 item 17).
    const place = held ? (binding.target === 'bed' ? bedPathText(held) : placeText(held)) : '';
    conflicts.push(
      binding.target === 'bed'
        ? { confirm: 'bedTaken', key: 'device.confirmBedTaken', params: { place, deviceId: holder.device_id }, deviceId: holder.device_id }
        : { confirm: 'residentTaken', key: 'device.confirmResidentTaken', params: { name: place, deviceId: holder.device_id }, deviceId: holder.device_id },
    );
  }
  if (conflicts.length > 0 && !confirm) {
    const [first] = conflicts;
    throw new AppError(Status.CONFIRM_REQUIRED, first.key, first.params, {
      confirm: first.confirm,
      conflicts: conflicts.map((conflict) => ({ confirm: conflict.confirm, ...conflict.params })),
    });
  }
  if (holder) await repository.clearBinding(holder.id, time);
  await repository.update(device.id, { ...values, updated_at: time });
  return holder ? [holder.id] : [];
}
