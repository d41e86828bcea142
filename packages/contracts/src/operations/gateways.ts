import { z } from 'zod';
import { DEVICE_EVENT_TYPES } from '../devices/protocol.ts';
import { DEVICE_ID_MAX, DEVICE_ID_PATTERN } from '../devices/catalogue.ts';
import { DeviceTypeSchema } from '../devices/device-type-schema.ts';
import { FallRadarSettingsSchema } from '../devices/fall-radar.ts';
import { LanguageSchema } from '../language-schema.ts';
import { PLATFORM_ROLES } from '../roles.ts';
import { CARE_ROLES, fileOutput, importResultSchema, spreadsheetUpload } from './care-common.ts';
import { booleanish, idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { defineOperation } from './define.ts';
import { LOCATION_MAX, PAIRING_STATES } from './gateways-values.ts';

// The schemas and operations; the wizard numbers and limits live in gateways-values.ts (no zod), which screens read.

/** What a door or motion sensor says now (spec 02 §4). */
export const SENSOR_STATES = ['open', 'closed', 'occupied', 'unoccupied'] as const;
export type SensorState = (typeof SENSOR_STATES)[number];
export * from './gateways-values.ts';

/**
 * Gateway hosts (LHD8100) and their sub-devices (`/he/*`, spec 02 §7 "Host and
 * sub-devices"), fall-monitor settings and real-time site (`/fallRadar/*`,
 * `/enclosure/currentSite`, `/enclosure/mode/realtime/*`), and the recent device
 * events the install wizards poll. Every call works in the caller's current provider.
 */

/** A device ID as typed or scanned: digits, letters and hyphen (spec 02 §5). */
export const deviceIdSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(DEVICE_ID_MAX, { error: 'validation.tooLong' })
  .regex(DEVICE_ID_PATTERN, { error: 'validation.deviceId' });

const locationSchema = z.string().trim().max(LOCATION_MAX, { error: 'validation.tooLong' }).default('');

export const subDeviceSchema = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  deviceType: z.number().int(),
  model: z.string(),
  location: z.string(),
  pairing: z.enum(PAIRING_STATES),
  /** Tested after pairing: the sub-device reported an event (open/close, motion, test). */
  tested: z.boolean(),
  online: z.boolean(),
  battery: z.number().int().nullable(),
  signal: z.number().int().nullable(),
  power: z.boolean().nullable(),
  hardwareVersion: z.string().nullable(),
  lastSeenAt: z.number().int().nullable(),
  /** Spec 02 §4: a door sensor open or closed, a motion sensor occupied or unoccupied, from its latest report (kept 24 h); null when unknown or another kind. */
  sensorState: z.enum(SENSOR_STATES).nullable(),
  sensorStateAt: z.number().int().nullable(),
});
export type SubDevice = z.infer<typeof subDeviceSchema>;

export const hostSchema = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  deviceType: z.number().int(),
  location: z.string(),
  online: z.boolean(),
  signal: z.number().int().nullable(),
  firmwareVersion: z.string().nullable(),
  lastSeenAt: z.number().int().nullable(),
  /** End of the open pairing window (epoch ms), or null when the host is not listening. */
  pairingUntil: z.number().int().nullable(),
  subDevices: z.array(subDeviceSchema),
});
export type Host = z.infer<typeof hostSchema>;

const CARE = CARE_ROLES;
/**
 * Calls the installer app's fall-monitor and gateway wizards make (docs/app.md): installers
 * (MAINTAIN) work in their home provider like the care home's own accounts.
 */
const INSTALLERS_TOO = [...CARE_ROLES, 'MAINTAIN'] as const;
const hostIdInput = z.object({ hostId: deviceIdSchema });
const subDeviceIdInput = z.object({ deviceId: deviceIdSchema });

export const heAddHost = defineOperation({
  id: 'he.addHost', method: 'POST', path: '/he/addHost', tag: 'gateways', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Add a gateway host (LHD8100) from the vendor\'s stock to the current provider',
  input: z.object({ deviceId: deviceIdSchema, location: locationSchema }),
  output: z.object({ id: z.number().int() }),
});

export const heGetDeviceList = defineOperation({
  id: 'he.getDeviceList', method: 'POST', path: '/he/getDeviceList', tag: 'gateways', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Page of the provider\'s gateway hosts, each with its sub-devices; keyWord matches host or sub-device ID and location',
  input: pageQuerySchema.extend({ online: booleanish.optional().nullable() }),
  output: pageOf(hostSchema),
});

export const heInsertDevice = defineOperation({
  id: 'he.insertDevice', method: 'POST', path: '/he/insertDevice', tag: 'gateways', encoding: 'json', auth: 'session', roles: INSTALLERS_TOO,
  summary: 'Attach a sub-device (door magnet, motion sensor or another security sensor) from stock to a host; it waits to be paired. A host carries at most 49',
  input: z.object({ hostId: deviceIdSchema, deviceId: deviceIdSchema, location: locationSchema }),
  output: z.object({ id: z.number().int() }),
});

export const heReplaceDevice = defineOperation({
  id: 'he.replaceDevice', method: 'POST', path: '/he/replaceDevice', tag: 'gateways', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Replace a sub-device by another of the same type from stock: the new one takes its host and location and waits to be paired; the old one is unpaired and returns to stock',
  input: z.object({ deviceId: deviceIdSchema, newDeviceId: deviceIdSchema }),
  output: z.object({ id: z.number().int() }),
});

export const heSubDevicePair = defineOperation({
  id: 'he.subDevicePair', method: 'POST', path: '/he/subDevicePair', tag: 'gateways', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Pair one named sub-device: its host is told to accept exactly that device (cmd pair {subs: [deviceId], window}); the host must be online',
  input: subDeviceIdInput,
  output: z.object({ pairingUntil: z.number().int() }),
});

export const heSubDevicePair2 = defineOperation({
  id: 'he.subDevicePair2', method: 'POST', path: '/he/subDevicePair2', tag: 'gateways', encoding: 'json', auth: 'session', roles: INSTALLERS_TOO,
  summary: 'Open the host\'s pairing window (cmd pair {window}) for 2 minutes: every registered sub-device that joins is attached to the host, up to 49',
  input: hostIdInput,
  output: z.object({ pairingUntil: z.number().int() }),
});

export const heSubDeviceUnPair = defineOperation({
  id: 'he.subDeviceUnPair', method: 'POST', path: '/he/subDeviceUnPair', tag: 'gateways', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Unpair a sub-device (cmd unpair {sub} to its host); it stays on the host, to be paired',
  input: subDeviceIdInput,
  output: nullOutput,
});

export const heSubDevicePairStatus = defineOperation({
  id: 'he.subDevicePairStatus', method: 'GET', path: '/he/subDevicePairStatus', tag: 'gateways', encoding: 'query', auth: 'session', roles: INSTALLERS_TOO,
  summary: 'The host with its sub-devices\' pairing and test states (the pairing wizard polls it)',
  input: hostIdInput,
  output: hostSchema,
});

export const heDeleteDevice = defineOperation({
  id: 'he.deleteDevice', method: 'DELETE', path: '/he/deleteDevice', tag: 'gateways', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Remove a host (only without sub-devices) or a sub-device (unpaired first) from the provider; it returns to stock',
  input: z.object({ deviceId: deviceIdSchema, deviceType: DeviceTypeSchema }),
  output: nullOutput,
});

export const heChangProvider = defineOperation({
  id: 'he.changProvider', method: 'POST', path: '/he/changProvider', tag: 'gatewayTransfer', encoding: 'form', auth: 'session', roles: [...PLATFORM_ROLES, 'ONE_ROLE'],
  summary: 'Move a host with all its sub-devices to another provider (form-encoded). A class I provider moves between itself and its class II providers; vendor roles between any',
  input: z.object({ deviceId: deviceIdSchema, providerId: idSchema }),
  output: z.object({ moved: z.number().int() }),
});

const lanInput = z.object({ lan: LanguageSchema.optional().catch(undefined) });

export const heExcelHostModel = defineOperation({
  id: 'he.excelHostdModel', method: 'GET', path: '/he/excelHostdModel', tag: 'gateways', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Host import template (.xlsx); headers in `lan`, or the caller\'s language without it',
  input: lanInput,
  output: fileOutput,
});

export const heExcelSubModel = defineOperation({
  id: 'he.excelSubModel', method: 'GET', path: '/he/excelSubModel', tag: 'gateways', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Sub-device import template (.xlsx); headers in `lan`, or the caller\'s language without it',
  input: lanInput,
  output: fileOutput,
});

export const heHostBatchAdd = defineOperation({
  id: 'he.hostBatchAdd', method: 'POST', path: '/he/hostBatchAdd', tag: 'gateways', encoding: 'multipart', auth: 'session', roles: CARE,
  summary: 'Import hosts (ID, location) from stock; all or nothing, with each problem\'s row and column',
  input: spreadsheetUpload,
  output: importResultSchema,
});

export const heInfraredBatchAdd = defineOperation({
  id: 'he.infraredBatchAdd', method: 'POST', path: '/he/infraredBatchAdd', tag: 'gateways', encoding: 'multipart', auth: 'session', roles: CARE,
  summary: 'Import sub-devices (ID, host ID, location) onto the provider\'s hosts; all or nothing, with each problem\'s row and column',
  input: spreadsheetUpload,
  output: importResultSchema,
});

export const recentDeviceEventSchema = z.object({
  /** The device that reported (a host for its sub-devices). */
  deviceId: z.string(),
  /** The sub-device the event is about, when a host reported it. */
  subDeviceId: z.string().nullable(),
  subDeviceType: z.number().int().nullable(),
  type: z.enum(DEVICE_EVENT_TYPES),
  status: z.number().int(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  /** Device time and server receive time, epoch ms. */
  ts: z.number().int(),
  receivedAt: z.number().int(),
});
export type RecentDeviceEvent = z.infer<typeof recentDeviceEventSchema>;

export const RECENT_EVENTS_MAX = 50;
/** Recent events are kept this long for the install wizards. */
export const RECENT_EVENTS_KEEP_MS = 24 * 3600_000;

export const deviceRecentEvents = defineOperation({
  id: 'deviceEvents.recent', method: 'GET', path: '/deviceEvents/recent', tag: 'gateways', encoding: 'query', auth: 'session', roles: INSTALLERS_TOO,
  summary: 'The latest events (newest first, at most 50) a device reported, or its host reported for it, received after `since`: the install wizards poll it',
  input: z.object({ deviceId: deviceIdSchema, since: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).default(0) }),
  output: z.array(recentDeviceEventSchema),
});

/** A door or motion sensor of a resident's room as the household page shows it (spec 02 §4). */
export const roomSensorSchema = z.object({
  deviceId: z.string(),
  deviceType: z.number().int(),
  model: z.string(),
  kind: z.enum(['door', 'motion']),
  location: z.string(),
  online: z.boolean(),
  /** Open or closed, occupied or unoccupied, from the latest report (kept 24 h); null when none. */
  sensorState: z.enum(SENSOR_STATES).nullable(),
  sensorStateAt: z.number().int().nullable(),
});
export type RoomSensor = z.infer<typeof roomSensorSchema>;

export const heRoomSensors = defineOperation({
  id: 'he.roomSensors', method: 'GET', path: '/he/roomSensors', tag: 'gateways', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'The door and motion sensors (gateway sub-devices and stand-alone NB-IoT) bound to the room of a resident of the current provider, each with what it says now; the household page polls it',
  input: z.object({ userId: idSchema }),
  output: z.object({ roomId: z.number().int().nullable(), sensors: z.array(roomSensorSchema) }),
});

/** A fall monitor of the provider, with its settings (ED719W overseas, ED719N domestic). */
export const fallRadarSchema = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  deviceType: z.number().int(),
  location: z.string(),
  /** Where it is bound: building / floor / room (· bed); '' while unbound. Many monitors share the location "bathroom". */
  place: z.string(),
  online: z.boolean(),
  lastSeenAt: z.number().int().nullable(),
  settings: FallRadarSettingsSchema,
  /** Saved while the radar was offline: sent when it comes back online. */
  settingsPending: z.boolean(),
  /** False until someone saves settings (the defaults are shown meanwhile). */
  configured: z.boolean(),
});
export type FallRadar = z.infer<typeof fallRadarSchema>;

export const fallRadarList = defineOperation({
  id: 'fallRadar.list', method: 'POST', path: '/fallRadar/list', tag: 'fallRadar', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Page of the provider\'s fall monitors with their settings; keyWord matches ID and location',
  input: pageQuerySchema,
  output: pageOf(fallRadarSchema),
});

export const fallRadarGetSettings = defineOperation({
  id: 'fallRadar.settings.get', method: 'GET', path: '/fallRadar/settings/get', tag: 'fallRadar', encoding: 'query', auth: 'session', roles: INSTALLERS_TOO,
  summary: 'A fall monitor with its settings (the defaults until someone saves)',
  input: subDeviceIdInput,
  output: fallRadarSchema,
});

export const fallRadarSaveSettings = defineOperation({
  id: 'fallRadar.settings.save', method: 'POST', path: '/fallRadar/settings/save', tag: 'fallRadar', encoding: 'json', auth: 'session', roles: INSTALLERS_TOO,
  summary: 'Save a fall monitor\'s settings (checked against its install mode\'s limits) and send them (cmd configure); offline, they are sent when it returns. Answers whether they were sent now',
  input: z.object({ deviceId: deviceIdSchema, location: z.string().trim().max(LOCATION_MAX, { error: 'validation.tooLong' }).optional(), settings: FallRadarSettingsSchema }),
  output: z.object({ sent: z.boolean() }),
});

export const currentSiteSchema = z.object({
  deviceId: z.string(),
  /** Metres from the device: x to the right, y forward; null before any site event. */
  x: z.number().nullable(),
  y: z.number().nullable(),
  at: z.number().int().nullable(),
  /** Whether someone is in the area by the last site event (status 1). */
  present: z.boolean(),
  /** Real-time mode on until then (epoch ms), or null. */
  realtimeUntil: z.number().int().nullable(),
});

export const enclosureCurrentSite = defineOperation({
  id: 'enclosure.currentSite', method: 'GET', path: '/enclosure/currentSite', tag: 'fallRadar', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'A fall monitor\'s current site: its last `site` event',
  input: subDeviceIdInput,
  output: currentSiteSchema,
});

export const enclosureRealtimeStart = defineOperation({
  id: 'enclosure.mode.realtime.start', method: 'GET', path: '/enclosure/mode/realtime/start', tag: 'fallRadar', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Start real-time mode (cmd realtime {on: true, seconds: 600}): the radar reports its site every second for up to 10 minutes',
  input: subDeviceIdInput,
  output: z.object({ realtimeUntil: z.number().int() }),
});

export const enclosureRealtimeStop = defineOperation({
  id: 'enclosure.mode.realtime.stop', method: 'GET', path: '/enclosure/mode/realtime/stop', tag: 'fallRadar', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Stop real-time mode (cmd realtime {on: false})',
  input: subDeviceIdInput,
  output: nullOutput,
});
