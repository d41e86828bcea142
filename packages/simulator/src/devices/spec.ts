import { ClockTimeSchema, DEVICE_ID_MAX, DEVICE_ID_PATTERN, deviceTypeInfo, ReportIntervalSchema, type DeviceKind, type DeviceTypeInfo } from '@vigil/contracts';
import { z } from 'zod';

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

const deviceIdSchema = z.string().max(DEVICE_ID_MAX).regex(DEVICE_ID_PATTERN, 'device IDs hold digits, letters and hyphens');
const deviceTypeSchema = z.number().int().refine((type) => deviceTypeInfo(type) !== undefined, 'not a device type of the catalogue');

/** A device list as the CLI reads it from a JSON file. */
export const SimulatedDeviceSpecSchema = z.object({
  deviceId: deviceIdSchema,
  deviceType: deviceTypeSchema,
  key: z.string().min(1),
  subDevices: z.array(z.object({ deviceId: deviceIdSchema, deviceType: deviceTypeSchema })).optional(),
  reportInterval: ReportIntervalSchema.optional(),
  sleepSchedule: z.object({ bedTime: ClockTimeSchema, wakeTime: ClockTimeSchema }).optional(),
});

/** A devices file: a bare list, or the list with simulation settings. */
export const DevicesFileSchema = z.union([
  z.array(SimulatedDeviceSpecSchema),
  z.object({
    devices: z.array(SimulatedDeviceSpecSchema),
    seed: z.number().int().optional(),
    speed: z.number().positive().optional(),
    timeZoneOffsetMinutes: z.number().int().min(-840).max(840).optional(),
  }),
]);
