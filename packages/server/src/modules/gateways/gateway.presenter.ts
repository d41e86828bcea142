import { PAIRING_STATES, deviceTypeInfo, type Host, type PairingState, type RecentDeviceEvent, type SensorState, type SubDevice, DEVICE_EVENT_TYPES } from '@vigil/contracts';
import type { DeviceRow, RecentEventRow } from './gateway.repository.ts';

function pairingOf(value: string): PairingState {
  return PAIRING_STATES.find((state) => state === value) ?? 'none';
}

/** A door or motion report as the sensor's state now. */
export function sensorStateOf(event: { event_type: string; status: number } | undefined): SensorState | null {
  if (!event) return null;
  if (event.event_type === 'door') return event.status === 1 ? 'open' : 'closed';
  if (event.event_type === 'motion') return event.status === 1 ? 'occupied' : 'unoccupied';
  return null;
}

/** A sub-device as the API shows it, with its latest door or motion report. */
export function presentSubDevice(row: DeviceRow, sensor?: { event_type: string; status: number; received_at: number }): SubDevice {
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceType: row.device_type,
    model: deviceTypeInfo(row.device_type)?.model ?? '',
    location: row.location,
    pairing: pairingOf(row.pairing),
    tested: row.tested === 1,
    online: row.online === 1,
    battery: row.battery,
    signal: row.signal,
    power: row.power === null ? null : row.power === 1,
    hardwareVersion: row.hardware_version,
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    sensorState: sensorStateOf(sensor),
    sensorStateAt: sensor ? sensor.received_at : null,
  };
}

/** A host with its sub-devices; an expired pairing window shows as closed. */
export function presentHost(row: DeviceRow, subDevices: readonly DeviceRow[], now: number, sensors: ReadonlyMap<string, { event_type: string; status: number; received_at: number }> = new Map()): Host {
  const until = row.pairing_until === null ? null : Number(row.pairing_until);
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceType: row.device_type,
    location: row.location,
    online: row.online === 1,
    signal: row.signal,
    firmwareVersion: row.firmware_version,
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    pairingUntil: until !== null && until > now ? until : null,
    subDevices: subDevices.map((sub) => presentSubDevice(sub, sensors.get(sub.device_id))),
  };
}

export function presentRecentEvent(row: RecentEventRow): RecentDeviceEvent {
  return {
    deviceId: row.device_id,
    subDeviceId: row.sub_device_id === '' ? null : row.sub_device_id,
    subDeviceType: row.sub_device_type,
    type: DEVICE_EVENT_TYPES.find((type) => type === row.event_type) ?? 'test',
    status: row.status,
    x: row.x === null ? null : Number(row.x),
    y: row.y === null ? null : Number(row.y),
    ts: Number(row.ts),
    receivedAt: Number(row.received_at),
  };
}
