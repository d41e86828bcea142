import { z } from 'zod';
import { DEVICE_ID_MAX, DEVICE_ID_PATTERN } from '../devices/catalogue.ts';
import { emptySchema } from './common.ts';
import { defineOperation } from './define.ts';

/** Vendor roles manage the link to the carrier's IoT platform (spec 02 §6). */
const VENDOR_ROLES = ['SUPER_ROLE', 'SENIOR_ROLE'] as const;

export const carrierSyncResultSchema = z.object({
  /** Devices the carrier listed. */
  total: z.number().int(),
  /** Vigil devices updated from the list (online state, IMEI, firmware). */
  updated: z.number().int(),
  /** Devices put into the vendor's stock because the carrier listed a catalogue model Vigil did not hold yet. */
  added: z.number().int(),
  /** IMEIs the carrier listed that match neither a Vigil device nor a catalogue model. */
  unknown: z.array(z.string()),
});

export const syncAllThirdDevice = defineOperation({
  id: 'device.syncAllThirdDevice', method: 'GET', path: '/device/syncAllThirdDevice', tag: 'carrier', encoding: 'query', auth: 'session', roles: VENDOR_ROLES,
  summary: 'Pull the device list of the carrier\'s NB-IoT platform (CARRIER_URL) and bring Vigil\'s devices up to date; new catalogue models go into stock',
  input: emptySchema,
  output: carrierSyncResultSchema,
});

export const syncThirdDevice = defineOperation({
  id: 'device.syncThirdDevice', method: 'POST', path: '/device/syncThirdDevice', tag: 'carrier', encoding: 'json', auth: 'session', roles: VENDOR_ROLES,
  summary: 'Bring one NB-IoT device up to date from the carrier\'s platform (by its IMEI)',
  input: z.object({
    deviceId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(DEVICE_ID_MAX, { error: 'validation.invalid' }).regex(DEVICE_ID_PATTERN, { error: 'validation.invalid' }),
  }),
  output: z.object({ deviceId: z.string(), imei: z.string().nullable(), online: z.boolean(), firmwareVersion: z.string().nullable(), lastSeenAt: z.number().int().nullable() }),
});
