import { z } from 'zod';
import { DEVICE_ID_MAX, DEVICE_ID_PATTERN } from '../devices/catalogue.ts';
import { BED_STATES, SLEEP_STATES } from '../devices/protocol.ts';
import { LIVE_SUBSCRIPTION_DEVICES_MAX, LIVE_SUBSCRIPTION_TTL_DEFAULT_S, LIVE_SUBSCRIPTION_TTL_MAX_S, ORIGIN_DATA_RANGE_MAX_MS } from '../limits.ts';
import { fileOutput } from './care-common.ts';
import { defineOperation } from './define.ts';

/**
 * Original data (spec 02 §2 historyData, §7 "Raw data"): what devices sent, by device and
 * time range: the one-second telemetry samples, and the log of every status, event and ack
 * message. Vendor administrators only (SUPER_ROLE, SENIOR_ROLE), across every provider.
 * Kept RAW_RETENTION_DAYS_DEFAULT days (VIGIL_RAW_RETENTION_DAYS); docs/device-protocol.md.
 */
export const ORIGIN_DATA_ROLES = ['SUPER_ROLE', 'SENIOR_ROLE'] as const;

/** `telemetry`: one row per one-second sample; `messages`: one row per status, event or ack message. */
export const ORIGIN_DATA_KINDS = ['telemetry', 'messages'] as const;
export const OriginDataKindSchema = z.enum(ORIGIN_DATA_KINDS, { error: 'validation.invalid' });
export type OriginDataKind = z.infer<typeof OriginDataKindSchema>;

/** A plain device ID (digits, letters and hyphen). */
const deviceIdInput = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(DEVICE_ID_MAX, { error: 'originData.deviceId' })
  .regex(DEVICE_ID_PATTERN, { error: 'originData.deviceId' });

const epochMsInput = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).nonnegative({ error: 'validation.invalid' });

const rangeFields = {
  deviceId: deviceIdInput,
  /** Epoch ms, inclusive. */
  startTime: epochMsInput,
  /** Epoch ms, exclusive. */
  endTime: epochMsInput,
};

function checkRange<T extends { startTime: number; endTime: number }>(schema: z.ZodType<T>, maxMs: number | null) {
  return schema
    .refine((input) => input.endTime > input.startTime, { error: 'originData.range', path: ['endTime'] })
    .refine((input) => maxMs === null || input.endTime - input.startTime <= maxMs, { error: 'originData.rangeTooLong', path: ['endTime'] });
}

const rangeQuery = z.object({ ...rangeFields, kind: OriginDataKindSchema.default('telemetry') });

/** One row of original data: a sample (telemetry) or a message (status, event, ack). */
export const originDataRowSchema = z.object({
  /** Sample time or message time (the device's `ts`, else when it arrived), epoch ms. */
  time: z.number().int(),
  /** When Vigil received it, epoch ms (messages only; null for samples). */
  receivedAt: z.number().int().nullable(),
  channel: z.enum(['telemetry', 'status', 'event', 'ack']),
  hr: z.number().nullable(),
  rr: z.number().nullable(),
  move: z.number().nullable(),
  bed: z.enum(BED_STATES).nullable(),
  state: z.enum(SLEEP_STATES).nullable(),
  /** The message as received (JSON text), for status, event and ack rows; null for samples. */
  payload: z.string().nullable(),
});
export type OriginDataRow = z.infer<typeof originDataRowSchema>;

export const getOriginDataPage = defineOperation({
  id: 'originData.getDataListPage', method: 'POST', path: '/originData/getDataListPage', tag: 'originData', encoding: 'json', auth: 'session', roles: ORIGIN_DATA_ROLES,
  summary: 'Page of what one device sent in [startTime, endTime), oldest first: samples (kind telemetry) or status/event/ack messages (kind messages)',
  input: checkRange(
    rangeQuery.extend({
      pageNum: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(1000).default(100),
    }),
    ORIGIN_DATA_RANGE_MAX_MS,
  ),
  output: z.object({ rows: z.array(originDataRowSchema), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() }),
});

export const downloadOriginData = defineOperation({
  id: 'originData.download', method: 'GET', path: '/originData/download', tag: 'originData', encoding: 'query', auth: 'session', roles: ORIGIN_DATA_ROLES,
  summary: 'The same rows as a spreadsheet (.xlsx), at most ORIGIN_DATA_DOWNLOAD_MAX_ROWS',
  input: checkRange(rangeQuery, ORIGIN_DATA_RANGE_MAX_MS),
  output: fileOutput,
});

export const deleteOriginData = defineOperation({
  id: 'originData.delete', method: 'GET', path: '/originData/delete', tag: 'originData', encoding: 'query', auth: 'session', roles: ORIGIN_DATA_ROLES,
  summary: 'Delete one device\'s samples and messages in [startTime, endTime) (the console confirms first)',
  input: checkRange(z.object(rangeFields), null),
  output: z.object({ samples: z.number().int(), messages: z.number().int() }),
});

export const deleteAllOriginData = defineOperation({
  id: 'originData.deleteAll', method: 'GET', path: '/originData/deleteAll', tag: 'originData', encoding: 'query', auth: 'session', roles: ORIGIN_DATA_ROLES,
  summary: 'Delete all of one device\'s samples and messages (the console confirms first)',
  input: z.object({ deviceId: deviceIdInput }),
  output: z.object({ samples: z.number().int(), messages: z.number().int() }),
});

/** What a live subscription carries: status changes, sample batches, sensed events. */
export const LIVE_DEVICE_CHANNELS = ['status', 'samples', 'event'] as const;

/**
 * `/websocket/subscribe/` (spec 02 §7 Devices): the caller's socket receives the live data of
 * these devices (socket message `/deviceData`) until `expiresAt`; call again to extend or change
 * the list (it replaces the previous one). An empty list ends the subscription. Devices must be in
 * the caller's scope. docs/device-protocol.md "Live data in the console".
 */
export const subscribeDevices = defineOperation({
  id: 'websocket.subscribe', method: 'POST', path: '/websocket/subscribe/', tag: 'devices', encoding: 'json', auth: 'session',
  roles: ['SUPER_ROLE', 'SENIOR_ROLE', 'BUSINESS_ROLE', 'ONE_ROLE', 'TWO_ROLE'],
  summary: 'Live status, samples and events of up to LIVE_SUBSCRIPTION_DEVICES_MAX devices on the caller\'s socket, for ttlSeconds',
  input: z.object({
    deviceIds: z.array(deviceIdInput).max(LIVE_SUBSCRIPTION_DEVICES_MAX, { error: 'live.tooManyDevices' }).transform((ids) => [...new Set(ids)]),
    channels: z.array(z.enum(LIVE_DEVICE_CHANNELS, { error: 'validation.invalid' })).min(1).default([...LIVE_DEVICE_CHANNELS]),
    ttlSeconds: z.coerce.number().int().min(1).max(LIVE_SUBSCRIPTION_TTL_MAX_S).default(LIVE_SUBSCRIPTION_TTL_DEFAULT_S),
  }),
  output: z.object({ deviceIds: z.array(z.string()), channels: z.array(z.enum(LIVE_DEVICE_CHANNELS)), expiresAt: z.number().int() }),
});

/** The socket message the hub sends a subscriber (`/deviceData`). */
export const LIVE_DEVICE_SOCKET_PATH = '/deviceData';
export interface LiveDeviceMessage {
  deviceId: string;
  channel: (typeof LIVE_DEVICE_CHANNELS)[number];
  receivedAt: number;
  /** The domain event's payload (device.status, device.samples or device.event). */
  data: unknown;
}
