import { deviceTypeInfo, type DeviceKind, type DeviceTypeInfo } from '@vigil/contracts';

/** A sub-device a simulated gateway host carries. */
export interface SimulatedSubDevice {
  deviceId: string;
  deviceType: number;
}

/** One device to simulate: its identity and secret as registered in Vigil. */
export interface SimulatedDeviceSpec {
  deviceId: string;
  deviceType: number;
  /** Device key: MQTT password, HTTP bearer token. */
  key: string;
  /** Sub-devices of a gateway host (LHD8100). */
  subDevices?: readonly SimulatedSubDevice[];
  /** Seconds between reports (telemetry batches, heartbeats); 1–254, default 10. */
  reportInterval?: number;
  /** Sleep monitors: the resident's bedtime and rising time, HH:mm local (default 21:00 and 07:00). */
  sleepSchedule?: { bedTime: string; wakeTime: string };
}

/** The catalogue entry of a spec's type; throws for a type Vigil does not know (a simulator setup mistake). */
export function catalogueEntry(deviceType: number): DeviceTypeInfo {
  const info = deviceTypeInfo(deviceType);
  if (!info) throw new Error(`device type ${deviceType} is not in the catalogue`);
  return info;
}

export function kindOf(deviceType: number): DeviceKind {
  return catalogueEntry(deviceType).kind;
}
