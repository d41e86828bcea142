import { z } from 'zod';
import { DEVICE_ID_MAX, DEVICE_ID_PATTERN } from './catalogue.ts';

/**
 * Vigil's open device protocol, version 1 (docs/device-protocol.md). The fixed parts
 * (topics, channel names, field names) are relied on by tools outside this repository:
 * change them only with a new version.
 *
 * MQTT 3.1.1 or 5: username = device ID, password = device key. Topics:
 * `vigil/v1/{deviceId}/{channel}`. The same messages over HTTP:
 * `POST /api/device/v1/{deviceId}/{channel}` with `Authorization: Bearer <device key>`.
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'vigil/v1';
export const DEVICE_CHANNELS = ['status', 'telemetry', 'event', 'cmd', 'ack'] as const;
export type DeviceChannel = (typeof DEVICE_CHANNELS)[number];
/** Channels a device publishes on; `cmd` is server to device. */
export const DEVICE_UPLINK_CHANNELS = ['status', 'telemetry', 'event', 'ack'] as const satisfies readonly DeviceChannel[];

/** The topic of one device channel. */
export function deviceTopic(deviceId: string, channel: DeviceChannel): string {
  return `${TOPIC_ROOT}/${deviceId}/${channel}`;
}

/** Splits a topic into device ID and channel; null when it is not a v1 device topic. */
export function parseDeviceTopic(topic: string): { deviceId: string; channel: DeviceChannel } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return null;
  const channel = DEVICE_CHANNELS.find((name) => name === parts[3]);
  if (!channel || !DEVICE_ID_PATTERN.test(parts[2]) || parts[2].length > DEVICE_ID_MAX) return null;
  return { deviceId: parts[2], channel };
}

/** Largest message accepted on any channel; bigger ones are dropped and counted. */
export const DEVICE_MESSAGE_MAX_BYTES = 64 * 1024;
/**
 * How far a device's clock may be off (docs/device-protocol.md "Device clocks"): a sample dated more
 * than this after its arrival is refused (`clockAhead`), and one dated more than
 * DEVICE_CLOCK_BEHIND_MAX_MS before it (`clockBehind`).
 */
export const DEVICE_CLOCK_AHEAD_MAX_MS = 5 * 60_000;
/** Samples may arrive late (a device sending what it kept while offline), but not more than a day late. */
export const DEVICE_CLOCK_BEHIND_MAX_MS = 24 * 3600_000;
/** One telemetry message carries at most this many one-second samples. */
export const TELEMETRY_SAMPLES_MAX = 254;

const epochMs = z.number().int().nonnegative();
const deviceIdField = z.string().max(DEVICE_ID_MAX).regex(DEVICE_ID_PATTERN);

/** `status` (retained). The broker's last will publishes `{"online": false}` on it. */
export const StatusMessageSchema = z.object({
  ts: epochMs.optional(),
  online: z.boolean(),
  firmware: z.string().max(32).optional(),
  hardware: z.string().max(32).optional(),
  /** Percent, 0–100. */
  battery: z.number().int().min(0).max(100).optional(),
  /** Signal level 0–5 (a gateway pairing wants 2 or more, spec 02 §9). */
  signal: z.number().int().min(0).max(5).optional(),
  /** Mains or charger connected. */
  power: z.boolean().optional(),
  /** Mounting state (spec 02 §4): installed, removed or tampered. */
  tamper: z.enum(['installed', 'removed', 'tampered']).optional(),
  /** For a gateway: the state of one sub-device, reported through its host. */
  sub: deviceIdField.optional(),
  /** True in the payload a device registers as its MQTT last will (`{"online":false,"lastWill":true}`). */
  lastWill: z.boolean().optional(),
});
export type StatusMessage = z.infer<typeof StatusMessageSchema>;

/** In-bed state per sample (spec 02 §4): `dropped` = sensor dropped off the bed. */
export const BED_STATES = ['in', 'out', 'sitting', 'suspectedSitting', 'dropped'] as const;
/** The device's own sleep-state estimate (spec 02 §4). */
export const SLEEP_STATES = ['awake', 'fallingAsleep', 'light', 'deep'] as const;

export const TelemetrySampleSchema = z.object({
  /** Sample time, epoch ms. */
  t: epochMs,
  /** Heart rate, beats per minute (0 when not measured). */
  hr: z.number().min(0).max(255),
  /** Breathing rate, breaths per minute (0 during a pause or when not measured). */
  rr: z.number().min(0).max(255),
  /** Body movement intensity over the second, 0–100. */
  move: z.number().min(0).max(100),
  bed: z.enum(BED_STATES),
  state: z.enum(SLEEP_STATES).optional(),
});
export type TelemetrySample = z.infer<typeof TelemetrySampleSchema>;

/** `telemetry` (sleep monitors): up to 254 one-second samples per message. */
export const TelemetryMessageSchema = z.object({
  ts: epochMs,
  samples: z.array(TelemetrySampleSchema).min(1).max(TELEMETRY_SAMPLES_MAX),
});
export type TelemetryMessage = z.infer<typeof TelemetryMessageSchema>;

/**
 * What a device senses and reports on `event`. `status` 1 means the condition is on
 * (door open, smoke, motion, low battery …) and 0 that it cleared; a fall uses
 * 0 normal, 1 suspected fall, 2 fall (spec 02 §4).
 */
export const DEVICE_EVENT_TYPES = [
  'door',
  'motion',
  'smoke',
  'highTemperature',
  'gas',
  'monoxide',
  'water',
  'sos',
  'fall',
  'badgeSos',
  'offRange',
  'lowPower',
  'breakdown',
  'dismantle',
  'test',
  /** Gateway: a sub-device joined (1) or left (0) while pairing. */
  'pairing',
  /** Fall radar: where the person is now (x, y in metres from the device), in real-time mode. */
  'site',
] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

export const EventMessageSchema = z
  .object({
    ts: epochMs,
    type: z.enum(DEVICE_EVENT_TYPES),
    status: z.number().int().min(0).max(2),
    /** Sub-device ID when a gateway reports for one of its sub-devices. */
    sub: deviceIdField.optional(),
    /** Sub-device type when pairing (numeric device type). */
    subType: z.number().int().optional(),
    x: z.number().min(-10).max(10).optional(),
    y: z.number().min(-10).max(10).optional(),
  })
  .loose();
export type EventMessage = z.infer<typeof EventMessageSchema>;

/** Commands the server sends on `cmd`. */
export const DEVICE_COMMANDS = ['configure', 'restart', 'upgrade', 'pair', 'unpair', 'realtime', 'test', 'rotateKey'] as const;
export type DeviceCommandName = (typeof DEVICE_COMMANDS)[number];

export const CommandMessageSchema = z.object({
  /** Unique per command; the device's `ack` carries it back. */
  id: z.string().min(1).max(64),
  cmd: z.enum(DEVICE_COMMANDS),
  args: z.record(z.string(), z.unknown()).default({}),
});
export type CommandMessage = z.infer<typeof CommandMessageSchema>;

/** `ack`: the device's answer to a command; upgrades report progress with several acks. */
export const AckMessageSchema = z.object({
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  ts: epochMs.optional(),
  /** Machine-readable reason when ok is false. */
  code: z.string().max(64).optional(),
  message: z.string().max(256).optional(),
  /** Upgrade progress: downloading, installing, done (ok) or failed (not ok). */
  stage: z.enum(['downloading', 'installing', 'done', 'failed']).optional(),
  progress: z.number().int().min(0).max(100).optional(),
});
export type AckMessage = z.infer<typeof AckMessageSchema>;

/** The schema of each uplink channel's payload. */
export const UPLINK_SCHEMAS = {
  status: StatusMessageSchema,
  telemetry: TelemetryMessageSchema,
  event: EventMessageSchema,
  ack: AckMessageSchema,
} as const;
