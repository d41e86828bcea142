import {
  DEVICE_COMMAND_TIMEOUT_MS,
  DEVICE_COMMANDS,
  DEVICE_PAIRING_STATES,
  deviceTypeInfo,
  SLEEP_MONITOR_DEFAULTS,
  SleepMonitorSettingsSchema,
  type Device,
  type DeviceCommand,
  type DeviceDetail,
  type SleepMonitorSettings,
} from '@vigil/contracts';
import type { DeviceCommandRow, DeviceListRow, DeviceRow } from './device.repository.ts';

/** What a device row is bound to. */
export function bindingTarget(row: Pick<DeviceRow, 'bed_id' | 'room_id' | 'resident_id'>): 'bed' | 'room' | 'resident' | 'none' {
  if (row.bed_id !== null) return 'bed';
  if (row.resident_id !== null) return 'resident';
  if (row.room_id !== null) return 'room';
  return 'none';
}

/** The stored settings merged over the defaults; a sleep monitor's only (other types have none here). */
export function sleepSettingsOf(row: Pick<DeviceRow, 'device_type' | 'settings'>): SleepMonitorSettings | null {
  if (deviceTypeInfo(row.device_type)?.settings !== 'sleepMonitor') return null;
  let stored: unknown = {};
  try {
    stored = JSON.parse(row.settings);
  } catch {
    stored = {};
  }
  const merged = { ...SLEEP_MONITOR_DEFAULTS, ...(typeof stored === 'object' && stored !== null ? stored : {}) };
  const parsed = SleepMonitorSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : SLEEP_MONITOR_DEFAULTS;
}

export function presentDevice(row: DeviceListRow): Device {
  const info = deviceTypeInfo(row.device_type);
  return {
    id: row.id,
    deviceId: row.device_id,
    cipherId: row.cipher_id,
    deviceType: row.device_type,
    model: info?.model ?? '',
    typeCode: info?.code ?? '',
    kind: info?.kind ?? 'sleepMonitor',
    imei: row.imei,
    moduleImei: row.module_imei,
    iccid: row.iccid,
    commMethod: row.comm_method,
    online: row.online === 1,
    lastSeenAt: row.last_seen_at,
    location: row.location,
    firmwareVersion: row.firmware_version,
    hardwareVersion: row.hardware_version,
    battery: row.battery,
    signal: row.signal,
    power: row.power === null ? null : row.power === 1,
    tamper: row.tamper,
    providerId: row.provider_id,
    providerName: row.provider_name,
    inStock: row.provider_id === null,
    withheld: row.withheld === 1,
    addedAt: row.added_at,
    binding: {
      target: bindingTarget(row),
      bunkId: row.bed_id,
      bunkName: row.bed_name,
      roomId: row.room_id,
      roomName: row.room_name,
      floorName: row.floor_name,
      buildingName: row.building_name,
      residentId: row.bound_resident_id,
      residentName: row.bound_resident_name,
    },
    hostId: row.host_id,
    pairing: DEVICE_PAIRING_STATES.find((state) => state === row.pairing) ?? 'none',
    remark: row.remark,
    createdAt: row.created_at,
  };
}

/** A command row as the console sees it: a pending one past the time limit shows as timeout. */
export function presentCommand(row: DeviceCommandRow, now: number): DeviceCommand {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.args);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = Object.fromEntries(Object.entries(parsed));
  } catch {
    args = {};
  }
  const cmd = DEVICE_COMMANDS.find((name) => name === row.cmd) ?? 'configure';
  // A rotateKey command holds the key it sent (sealed): never shown here, where care homes read it too.
  if (cmd === 'rotateKey') delete args.key;
  const state = row.state === 'pending' && row.sent_at + DEVICE_COMMAND_TIMEOUT_MS < now ? 'timeout' : row.state;
  return {
    id: row.id,
    cmd,
    args,
    state: state === 'acked' || state === 'failed' || state === 'timeout' ? state : 'pending',
    sentAt: row.sent_at,
    answeredAt: row.answered_at,
    message: row.message,
  };
}

/** The detail; `deviceKey` is the opened key for a vendor, null for everyone else. */
export function presentDeviceDetail(row: DeviceListRow, command: DeviceCommandRow | undefined, deviceKey: string | null, now: number): DeviceDetail {
  return {
    ...presentDevice(row),
    settings: sleepSettingsOf(row),
    lastCommand: command ? presentCommand(command, now) : null,
    deviceKey,
  };
}
