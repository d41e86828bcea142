import { z } from 'zod';
import {
  DEVICE_ID_MAX,
  DEVICE_ID_PATTERN,
  DEVICE_KINDS,
  DeviceTypeSchema,
  LeaveBedModeSchema,
  ReportIntervalSchema,
  SensitivitySchema,
  SleepMonitorSettingsSchema,
  ClockTimeSchema,
  DEVICE_COMMANDS,
} from '../devices/index.ts';
import { REMARK_MAX } from '../limits.ts';
import { booleanish, idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { fileOutput, importResultSchema, optionalText, spreadsheetUpload } from './care-common.ts';
import { defineOperation } from './define.ts';
import { DEVICE_CARE_ROLES, DEVICE_COMM_METHOD_MAX, DEVICE_IMEI_MAX, DEVICE_LOCATION_MAX, DEVICE_ROLES, DEVICE_VENDOR_ROLES } from './devices-values.ts';

// The roles and limits live in devices-values.ts (no zod), which screens read.
export * from './devices-values.ts';

/**
 * The device registry (issue 9, spec 02 §2–§9, docs/devices.md). Two steps: a vendor role
 * registers device IDs into stock (`/device/registerDevice`, or `/device/batchAdd1` as a
 * vendor); a care home adds a device from stock to itself (`/device/insertDevice`, or
 * `/device/batchAdd1` as a care home) and binds it to a bed, room or resident.
 */

/**
 * Ciphertext IDs (the code printed as a QR code on the device): `V1.` + base64url of the
 * plain ID + `.` + base64url of the first 12 bytes of HMAC-SHA256(server secret, "v1:" + plain ID).
 * It never matches the plain-ID pattern (it has dots), so a typed cipher is told apart.
 */
export const DEVICE_CIPHER_PREFIX = 'V1.';
export const DEVICE_CIPHER_PATTERN = /^V1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}$/;
export const DEVICE_CIPHER_MAX = 128;

/** True when the text has the shape of a ciphertext ID (whether or not its signature is right). */
export function looksLikeDeviceCipher(text: string): boolean {
  return DEVICE_CIPHER_PATTERN.test(text.trim());
}

/**
 * A plain device ID: trimmed, digits, letters and hyphen, at most 64. A ciphertext typed
 * here answers "enter the ID in plain text" (spec 02 §5); other text answers "wrong format".
 */
export const plainDeviceIdSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'device.idFormat') })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(DEVICE_CIPHER_MAX, { error: 'device.idFormat' })
  .refine((text) => !looksLikeDeviceCipher(text), { error: 'device.enterPlainText' })
  .refine((text) => text.length <= DEVICE_ID_MAX && DEVICE_ID_PATTERN.test(text), { error: 'device.idFormat' });

/** A scanned ciphertext ID. */
export const deviceCipherSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(DEVICE_CIPHER_MAX, { error: 'device.cipherInvalid' })
  .refine(looksLikeDeviceCipher, { error: 'device.cipherInvalid' });

const hardwareText = (max: number) => optionalText(max).refine((text) => /^[A-Za-z0-9-]*$/.test(text), { error: 'validation.invalid' });

/** What a device is bound to; `none` unbinds (spec 02 §3 "associated bed and resident"; catalogue `bindsTo`). */
export const BINDING_TARGETS = ['bed', 'room', 'resident', 'none'] as const;
export const BindingTargetSchema = z.enum(BINDING_TARGETS, { error: 'validation.invalid' });

/** Binding of a device: target and the row id (bed, room or resident) of the caller's provider. */
export const bindingInputSchema = z.object({
  target: BindingTargetSchema,
  targetId: idSchema.optional().nullable().transform((id) => id ?? null),
});
export type BindingInput = z.output<typeof bindingInputSchema>;

/** Pairing state of a gateway sub-device (spec 02 §4; set by the gateway module). */
export const DEVICE_PAIRING_STATES = ['none', 'toPair', 'paired'] as const;

export const COMMAND_STATES = ['pending', 'acked', 'failed', 'timeout'] as const;
export const CommandStateSchema = z.enum(COMMAND_STATES);

export const deviceCommandSchema = z.object({
  id: z.string(),
  cmd: z.enum(DEVICE_COMMANDS),
  args: z.record(z.string(), z.unknown()),
  state: CommandStateSchema.describe('pending until the device acks; timeout after DEVICE_COMMAND_TIMEOUT_MS'),
  sentAt: z.number().int(),
  answeredAt: z.number().int().nullable(),
  message: z.string().describe('The device\'s reason when failed, or why it could not be sent'),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const deviceBindingSchema = z.object({
  target: BindingTargetSchema,
  bunkId: z.number().int().nullable(),
  bunkName: z.string().nullable(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  floorName: z.string().nullable(),
  buildingName: z.string().nullable(),
  residentId: z.number().int().nullable().describe('The bound resident, or the resident on the bound bed'),
  residentName: z.string().nullable(),
});

export const deviceSchema = z.object({
  id: z.number().int(),
  deviceId: z.string().describe('Plain device ID'),
  cipherId: z.string().describe('Ciphertext ID (the QR code)'),
  deviceType: z.number().int(),
  model: z.string(),
  typeCode: z.string(),
  kind: z.enum(DEVICE_KINDS),
  imei: z.string().nullable(),
  moduleImei: z.string().nullable().describe('4G module IMEI'),
  iccid: z.string().nullable().describe('SIM ICCID'),
  commMethod: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: z.number().int().nullable(),
  location: z.string(),
  firmwareVersion: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  battery: z.number().int().nullable(),
  signal: z.number().int().nullable(),
  power: z.boolean().nullable(),
  tamper: z.string().nullable(),
  providerId: z.number().int().nullable().describe('Owning care home; null while in stock'),
  providerName: z.string().nullable(),
  inStock: z.boolean().describe('True while no care home has added it'),
  withheld: z.boolean().describe('Vendor took it out of stock (repair, retired): care homes cannot add it'),
  addedAt: z.number().int().nullable(),
  binding: deviceBindingSchema,
  hostId: z.number().int().nullable().describe('Gateway host (device row id) of a sub-device'),
  pairing: z.enum(DEVICE_PAIRING_STATES).describe('Gateway sub-device pairing: none, toPair, paired'),
  remark: z.string(),
  createdAt: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceDetailSchema = deviceSchema.extend({
  settings: SleepMonitorSettingsSchema.nullable().describe('Sleep monitors only'),
  lastCommand: deviceCommandSchema.nullable(),
  deviceKey: z.string().nullable().describe('Protocol secret (MQTT password, HTTP bearer): vendor roles only, null for care homes'),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

export const DEVICE_SCREENS = ['deviceManage', 'ed719Device', 'safeDeviceManage', 'hostDevice'] as const;
export const DeviceScreenSchema = z.enum(DEVICE_SCREENS, { error: 'validation.invalid' });
export const DeviceKindSchema = z.enum(DEVICE_KINDS, { error: 'validation.invalid' });
export const STOCK_FILTERS = ['stock', 'added'] as const;

/** Filters shared by the list, the summary and the export. Only types of the platform's edition are listed. */
export const deviceFilterSchema = z.object({
  keyWord: z.string().trim().max(64, { error: 'validation.tooLong' }).optional().describe('Matches device ID, IMEI, location, provider, bed, room or resident name'),
  deviceType: DeviceTypeSchema.optional().nullable(),
  screen: DeviceScreenSchema.optional().nullable().describe('Types managed on this console screen (catalogue `screen`)'),
  kind: DeviceKindSchema.optional().nullable(),
  online: booleanish.optional().nullable(),
  bound: booleanish.optional().nullable(),
  hosted: booleanish.optional().nullable().describe('true: gateway sub-devices only; false: devices not behind a gateway (stand-alone NB-IoT sensors on the security screen)'),
  stock: z.enum(STOCK_FILTERS, { error: 'validation.invalid' }).optional().nullable().describe('Vendor roles: only stock or only added devices'),
  providerId: idSchema.optional().nullable().describe('Vendor roles and class I: one provider'),
});
export type DeviceFilter = z.output<typeof deviceFilterSchema>;

const DEVICES = DEVICE_ROLES;
const VENDOR = DEVICE_VENDOR_ROLES;
const CARE = DEVICE_CARE_ROLES;

export const getDeviceList = defineOperation({
  id: 'device.getDeviceList', method: 'POST', path: '/device/getDeviceList', tag: 'devices', encoding: 'json', auth: 'session', roles: DEVICES,
  summary: 'Page of devices, newest first. Vendor roles: every device (stock and added, with provider). Care homes: their own (class I with its class II children)',
  input: pageQuerySchema.extend(deviceFilterSchema.shape),
  output: pageOf(deviceSchema),
});

export const getDeviceSummary = defineOperation({
  id: 'device.getDeviceSummary', method: 'GET', path: '/device/getDeviceSummary', tag: 'devices', encoding: 'query', auth: 'session', roles: DEVICES,
  summary: 'Device counts under the same filters as the list (keyWord and pages aside)',
  input: deviceFilterSchema.omit({ online: true, bound: true, stock: true, keyWord: true }),
  output: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    bound: z.number().int(),
    unbound: z.number().int(),
    inStock: z.number().int().describe('Vendor roles; 0 for care homes'),
    added: z.number().int(),
  }),
});

export const getDevice = defineOperation({
  id: 'device.getDevice', method: 'GET', path: '/device/getDevice', tag: 'devices', encoding: 'query', auth: 'session', roles: [...DEVICES, 'MAINTAIN'],
  summary: 'One device with its settings and its last command; vendor roles also get the device key',
  input: z.object({ id: idSchema }),
  output: deviceDetailSchema,
});

export const deviceTypes = defineOperation({
  id: 'device.deviceTypes', method: 'GET', path: '/device/deviceTypes', tag: 'devices', encoding: 'query', auth: 'session', roles: DEVICES,
  summary: 'Device types of the platform\'s edition (from the catalogue), optionally of one screen',
  input: z.object({ screen: DeviceScreenSchema.optional().nullable() }),
  output: z.array(z.object({
    type: z.number().int(),
    model: z.string(),
    code: z.string(),
    kind: z.enum(DEVICE_KINDS),
    screen: DeviceScreenSchema,
    bindsTo: z.array(z.enum(['bed', 'room', 'resident'])),
    settings: z.enum(['sleepMonitor', 'fallRadar', 'none']),
  })),
});

/** The input of `registerDevice`, also the console form's rules. */
export const registerDeviceInputSchema = z.object({
  deviceId: plainDeviceIdSchema,
  deviceType: DeviceTypeSchema,
  imei: hardwareText(DEVICE_IMEI_MAX),
  moduleImei: hardwareText(DEVICE_IMEI_MAX),
  iccid: hardwareText(DEVICE_IMEI_MAX),
  commMethod: optionalText(DEVICE_COMM_METHOD_MAX),
  remark: optionalText(REMARK_MAX),
});

export const registerDevice = defineOperation({
  id: 'device.registerDevice', method: 'POST', path: '/device/registerDevice', tag: 'devices', encoding: 'json', auth: 'session', roles: VENDOR,
  summary: 'Vendor: put a device ID into stock ("registered on the server"); makes its ciphertext ID and device key',
  input: registerDeviceInputSchema,
  output: z.object({ id: z.number().int(), cipherId: z.string(), deviceKey: z.string() }),
});

export const decodeDeviceCipher = defineOperation({
  id: 'device.decodeCipher', method: 'GET', path: '/device/decodeCipher', tag: 'devices', encoding: 'query', auth: 'session', roles: [...DEVICES, 'MAINTAIN'],
  summary: 'The plain ID and type of a scanned QR code (ciphertext ID); a forged or unknown code answers 400',
  input: z.object({ cipherId: deviceCipherSchema }),
  output: z.object({ deviceId: z.string(), deviceType: z.number().int().nullable().describe('null when the ID is not registered') }),
});

/** The input of `insertDevice`, also the console form's rules. */
export const insertDeviceInputSchema = z.object({
  deviceId: plainDeviceIdSchema.optional(),
  cipherId: deviceCipherSchema.optional(),
  deviceType: DeviceTypeSchema,
  location: optionalText(DEVICE_LOCATION_MAX),
  remark: optionalText(REMARK_MAX),
  binding: bindingInputSchema.optional().nullable(),
  confirm: booleanish.default(false),
});

export const insertDevice = defineOperation({
  id: 'device.insertDevice', method: 'POST', path: '/device/insertDevice', tag: 'devices', encoding: 'json', auth: 'session', roles: [...CARE, 'MAINTAIN'],
  summary: 'Care home: add a device from stock (plain deviceId, or the scanned cipherId) and optionally bind it. Status 301 asks to confirm a bed/resident conflict (resend with confirm: true)',
  input: insertDeviceInputSchema,
  output: z.object({ id: z.number().int() }),
});

/** The input of `updateDevice`, also the console form's rules. */
export const updateDeviceInputSchema = z.object({
  id: idSchema,
  location: optionalText(DEVICE_LOCATION_MAX).optional(),
  remark: optionalText(REMARK_MAX).optional(),
  imei: hardwareText(DEVICE_IMEI_MAX).optional(),
  moduleImei: hardwareText(DEVICE_IMEI_MAX).optional(),
  iccid: hardwareText(DEVICE_IMEI_MAX).optional(),
  commMethod: optionalText(DEVICE_COMM_METHOD_MAX).optional(),
  withheld: booleanish.optional(),
});

export const updateDevice = defineOperation({
  id: 'device.updateDevice', method: 'POST', path: '/device/updateDevice', tag: 'devices', encoding: 'json', auth: 'session', roles: DEVICES,
  summary: 'Edit a device. Care homes: location, remark. Vendor roles: imei, moduleImei, iccid, commMethod, remark, withheld (out of stock). A field the role may not change answers 400 naming it',
  input: updateDeviceInputSchema,
  output: nullOutput,
});

export const bindDevice = defineOperation({
  id: 'device.bindDevice', method: 'POST', path: '/device/bindDevice', tag: 'devices', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Bind a device to a bed, room or resident (catalogue bindsTo), or unbind (target none). Status 301 with data {confirm: "deviceBound" | "bedTaken" | "residentTaken", …} asks to confirm; with confirm: true the link moves in one transaction',
  input: bindingInputSchema.extend({ id: idSchema, confirm: booleanish.default(false) }),
  output: nullOutput,
});

export const deleteDevice = defineOperation({
  id: 'device.deleteDevice', method: 'GET', path: '/device/deleteDevice', tag: 'devices', encoding: 'query', auth: 'session', roles: DEVICES,
  summary: 'Care home: remove the device from the home (back to stock, unbound, settings reset). Vendor: delete a stock device from the registry (a device a home has added answers 300)',
  input: z.object({ id: idSchema, deviceId: z.string().max(DEVICE_CIPHER_MAX).optional(), deviceType: z.coerce.number().int().optional() }),
  output: nullOutput,
});

export const rotateDeviceKey = defineOperation({
  id: 'device.rotateKey', method: 'POST', path: '/device/rotateKey', tag: 'devices', encoding: 'json', auth: 'session', roles: VENDOR,
  summary: 'Vendor: give the device a new key (sent to it as a rotateKey command); the previous key works until the device uses or acks the new one, or for DEVICE_KEY_GRACE_MS',
  input: z.object({ id: idSchema }),
  output: z.object({
    deviceKey: z.string().describe('The new key'),
    previousKeyUntil: z.number().int().describe('The previous key stops working then at the latest'),
    command: deviceCommandSchema,
  }),
});

/** What every settings change answers: the configure command as recorded (pending, or failed when it could not be sent). */
const commandOutput = z.object({ command: deviceCommandSchema });

export const isUploadData = defineOperation({
  id: 'device.isUploadData', method: 'POST', path: '/device/isUploadData', tag: 'devices', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Sleep monitor: raw-data upload on or off; stored, then sent as a configure command',
  input: z.object({ id: idSchema, isUploadData: booleanish }),
  output: commandOutput,
});

export const updateAlgMode = defineOperation({
  id: 'device.updateAlgMode', method: 'POST', path: '/device/updateAlgMode', tag: 'devices', encoding: 'form', auth: 'session', roles: CARE,
  summary: 'Sleep monitor algorithm mode (form-encoded): sensitivity high|medium|low and leaveBedMode balanced (~15 s) | fast (~5 s)',
  input: z.object({ id: idSchema, sensitivity: SensitivitySchema, leaveBedMode: LeaveBedModeSchema }),
  output: commandOutput,
});

export const updateInterval = defineOperation({
  id: 'device.updateInterval', method: 'GET', path: '/device/updateInterval', tag: 'devices', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Sleep monitor real-time report interval, 1–254 s',
  input: z.object({ id: idSchema, interval: ReportIntervalSchema }),
  output: commandOutput,
});

export const updateSleepSchedule = defineOperation({
  id: 'device.updateSleepSchedule', method: 'POST', path: '/device/updateSleepSchedule', tag: 'devices', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Sleep monitor normal sleep schedule (HH:mm bed time and wake time)',
  input: z.object({ id: idSchema, bedTime: ClockTimeSchema, wakeTime: ClockTimeSchema }),
  output: commandOutput,
});

export const restartDevice = defineOperation({
  id: 'deviceManage.restartDevice', method: 'POST', path: '/deviceManage/restartDevice', tag: 'devices', encoding: 'json', auth: 'session', roles: DEVICES,
  summary: 'Reboot an online device (an offline one answers 300: the reboot only reaches online devices)',
  input: z.object({ id: idSchema }),
  output: commandOutput,
});

export const deviceBatchAdd = defineOperation({
  id: 'device.batchAdd1', method: 'POST', path: '/device/batchAdd1', tag: 'devices', encoding: 'multipart', auth: 'session', roles: DEVICES,
  summary: 'Import from the template (.xls/.xlsx), all or nothing; problems name row and column. Vendor roles register into stock; care homes add from stock (with optional bed or room)',
  input: spreadsheetUpload,
  output: importResultSchema,
});

export const deviceExcelModel = defineOperation({
  id: 'device.excelModel', method: 'GET', path: '/device/excelModel', tag: 'devices', encoding: 'query', auth: 'session', roles: DEVICES,
  summary: 'Device import template (.xlsx, headers in the caller\'s language): the stock template for vendor roles, the add-from-stock template for care homes',
  input: z.object({}),
  output: fileOutput,
});

export const deviceExportData = defineOperation({
  id: 'device.exportData', method: 'GET', path: '/device/exportData', tag: 'devices', encoding: 'query', auth: 'session', roles: DEVICES,
  summary: 'Devices matching the list filters as .xlsx',
  input: deviceFilterSchema,
  output: fileOutput,
});
