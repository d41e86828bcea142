import { z } from 'zod';
import type { DeviceEventType } from './protocol.ts';

/**
 * The carrier's side of the NB-IoT adapter (docs/carrier-adapter.md): what a telecom IoT
 * platform pushes to Vigil and how it lists its devices. Modelled on the HTTP push and
 * device query of China Telecom's AEP (CTWing) platform; another carrier plugs in by
 * mapping its own format onto these.
 */

/** IMEI: 15 digits. */
export const ImeiSchema = z.string().regex(/^\d{15}$/);

/** Alarm codes the NB-IoT sensors send in `payload.alarmCode`, and the Vigil event each means. */
export const CARRIER_ALARM_CODES: Readonly<Record<number, DeviceEventType>> = {
  1: 'sos',
  2: 'smoke',
  3: 'gas',
  4: 'water',
  5: 'door',
  6: 'motion',
  7: 'lowPower',
  8: 'dismantle',
  9: 'test',
  10: 'breakdown',
  11: 'monoxide',
  12: 'badgeSos',
  13: 'offRange',
  14: 'highTemperature',
};

export const CARRIER_MESSAGE_TYPES = ['dataReport', 'eventReport', 'deviceOnlineOfflineReport'] as const;

/** The data a sensor reports, decoded by the carrier's codec (its `serviceId` profile). */
export const CarrierPayloadSchema = z
  .object({
    /** Battery percent. */
    battery: z.number().int().min(0).max(100).optional(),
    /** Reference signal received power, dBm (NB-IoT coverage). */
    rsrp: z.number().min(-160).max(0).optional(),
    firmwareVersion: z.string().max(32).optional(),
    /** eventReport: what happened (CARRIER_ALARM_CODES) and whether it is on (1) or cleared (0). */
    alarmCode: z.number().int().optional(),
    alarmStatus: z.number().int().min(0).max(1).optional(),
  })
  .loose();

/** One HTTP push from the carrier platform. */
export const CarrierPushSchema = z
  .object({
    messageType: z.enum(CARRIER_MESSAGE_TYPES),
    /** The carrier's own device ID. */
    deviceId: z.string().min(1).max(64),
    IMEI: ImeiSchema,
    productId: z.string().max(64).optional(),
    /** Epoch ms at the carrier. */
    timestamp: z.number().int().nonnegative(),
    /** deviceOnlineOfflineReport: 1 online, 0 offline. */
    eventType: z.number().int().min(0).max(1).optional(),
    payload: CarrierPayloadSchema.optional(),
  })
  .loose();
export type CarrierPush = z.infer<typeof CarrierPushSchema>;

/** A device as the carrier platform lists it. */
export const CarrierDeviceSchema = z
  .object({
    deviceId: z.string().min(1).max(64),
    deviceName: z.string().max(64).default(''),
    imei: ImeiSchema,
    productId: z.string().max(64).default(''),
    /** Device model as registered with the carrier (matched against the catalogue's models). */
    model: z.string().max(32).default(''),
    /** 1 online, 2 offline. */
    netStatus: z.number().int(),
    firmwareVersion: z.string().max(32).nullable().default(null),
    /** Last contact, epoch ms. */
    onlineAt: z.number().int().nullable().default(null),
    offlineAt: z.number().int().nullable().default(null),
  })
  .loose();
export type CarrierDevice = z.infer<typeof CarrierDeviceSchema>;

/** `GET {CARRIER_URL}/devices?pageNow=&pageSize=`: one page of the carrier's device list. */
export const CarrierDevicePageSchema = z.object({
  code: z.number().int(),
  msg: z.string().optional(),
  result: z.object({ total: z.number().int().nonnegative(), pageNow: z.number().int(), list: z.array(CarrierDeviceSchema) }).optional(),
});

/** `GET {CARRIER_URL}/devices/{imei}`: one device. */
export const CarrierDeviceAnswerSchema = z.object({ code: z.number().int(), msg: z.string().optional(), result: CarrierDeviceSchema.optional() });

/** Page size when pulling the carrier's list. */
export const CARRIER_PAGE_SIZE = 100;
