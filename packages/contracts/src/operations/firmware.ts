import { z } from 'zod';
import { DeviceTypeSchema } from '../devices/index.ts';
import { REMARK_MAX } from '../limits.ts';
import { optionalText } from './care-common.ts';
import { booleanish, idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { defineOperation } from './define.ts';
import { plainDeviceIdSchema } from './devices.ts';
import { RELEASE_ROLES, releaseFileIdSchema } from './releases.ts';
import { FIRMWARE_VERSION_MAX } from '../domain-limits.ts';
// Re-exported, not imported and exported: a bundler then binds a screen's import to the zod-free
// module itself, without this module's schemas (docs/performance.md).
export { FIRMWARE_VERSION_MAX } from '../domain-limits.ts';

/**
 * Firmware packages (issue 12, spec 02 §3–§8, docs/firmware.md): upload with MD5, type and
 * version checks, the release state machine, gray devices, device downloads.
 */

/** Largest firmware zip accepted, streamed to storage. */
export const FIRMWARE_MAX_BYTES = 100 * 1024 * 1024;
/** A firmware zip may expand to at most this many bytes in total (zip bombs are refused). */
export const FIRMWARE_EXPANDED_MAX_BYTES = 512 * 1024 * 1024;
/** A firmware zip may hold at most this many entries. */
export const FIRMWARE_ENTRIES_MAX = 500;
/** The manifest inside the zip, at its root. */
export const FIRMWARE_MANIFEST_NAME = 'manifest.json';
export const FIRMWARE_MANIFEST_MAX_BYTES = 4096;
/** Firmware versions: digits and dots, compared part by part as numbers (1.10 > 1.9). */
export const FIRMWARE_VERSION_PATTERN = /^\d{1,6}(\.\d{1,6}){0,4}$/;
/** A device's download link stays valid this long. */
export const FIRMWARE_DOWNLOAD_TOKEN_MS = 60 * 60 * 1000;
export const GRAY_DEVICES_PER_CALL_MAX = 1000;
/** A grayscale rollout halts itself when more than this share of its answered devices failed… */
export const ROLLOUT_HALT_FAILURE_RATE = 0.3;
/** …once at least this many devices have answered (done or failed). */
export const ROLLOUT_HALT_MIN_ANSWERED = 3;

/** Spec 02 §4: unpublished → grayscale or full → removed; grayscale → full. "Published" is grayscale or full. */
export const FIRMWARE_STATES = ['unpublished', 'grayscale', 'full', 'removed'] as const;
export const FirmwareStateSchema = z.enum(FIRMWARE_STATES, { error: 'validation.invalid' });
export type FirmwareState = z.infer<typeof FirmwareStateSchema>;
export const FIRMWARE_MOVES: Readonly<Record<FirmwareState, readonly FirmwareState[]>> = {
  unpublished: ['grayscale', 'full', 'removed'],
  grayscale: ['full', 'removed'],
  full: ['removed'],
  removed: [],
};
/** List filter: `published` matches grayscale and full. */
export const FIRMWARE_FILTERS = [...FIRMWARE_STATES, 'published'] as const;

/** Compares dotted versions part by part as numbers: negative when a < b. */
export function compareFirmwareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export const firmwareVersionSchema = z
  .string({ error: 'firmware.versionFormat' })
  .trim()
  .max(FIRMWARE_VERSION_MAX, { error: 'firmware.versionFormat' })
  .regex(FIRMWARE_VERSION_PATTERN, { error: 'firmware.versionFormat' });

/** The manifest a package carries (docs/firmware.md). */
export const firmwareManifestSchema = z.object({
  deviceType: z.number().int(),
  version: firmwareVersionSchema,
});
export type FirmwareManifest = z.infer<typeof firmwareManifestSchema>;

export const md5Schema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-f0-9]{32}$/, { error: 'firmware.md5Format' });

export const firmwareUploadSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  md5: z.string(),
  deviceType: z.number().int(),
  version: z.string(),
});

export const FIRMWARE_UPGRADE_STATES = ['pending', 'downloading', 'installing', 'done', 'failed'] as const;

export const firmwareSchema = z.object({
  id: z.number().int(),
  deviceType: z.number().int(),
  model: z.string(),
  version: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  md5: z.string(),
  status: FirmwareStateSchema,
  remark: z.string(),
  grayCount: z.number().int().describe('Devices on the gray whitelist'),
  upgradedCount: z.number().int().describe('Devices that reported the upgrade done'),
  failedCount: z.number().int(),
  createdAt: z.number().int(),
  publishedAt: z.number().int().nullable(),
  haltedAt: z.number().int().nullable().describe('Set when the grayscale rollout halted itself: too many devices failed'),
});
export type Firmware = z.infer<typeof firmwareSchema>;

export const grayDeviceSchema = z.object({
  deviceId: z.string(),
  deviceType: z.number().int(),
  online: z.boolean(),
  firmwareVersion: z.string().nullable(),
  addedAt: z.number().int(),
});

const ROLES = RELEASE_ROLES;

export const firmwareUploadFile = defineOperation({
  id: 'firmware.uploadFile', method: 'POST', path: '/firmware/uploadFile', tag: 'firmware', encoding: 'multipart', auth: 'session', roles: ROLES,
  summary: 'Upload a firmware .zip: multipart text fields deviceType and md5 first, then field "file". Streamed to storage; MD5, manifest type and version checked (docs/firmware.md)',
  input: z.object({ deviceType: z.string().optional(), md5: z.string().optional(), file: z.string().describe('binary .zip').optional() }),
  output: firmwareUploadSchema,
});

export const firmwarePost = defineOperation({
  id: 'firmware.post', method: 'POST', path: '/firmware/post', tag: 'firmware', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Save an uploaded package as a firmware package (unpublished), with a remark',
  input: z.object({
    fileId: z.string({ error: 'firmware.uploadFirst' }).trim().min(1, { error: 'firmware.uploadFirst' }).pipe(releaseFileIdSchema),
    remark: optionalText(REMARK_MAX),
  }),
  output: firmwareSchema,
});

export const firmwarePageList = defineOperation({
  id: 'firmware.pageList', method: 'POST', path: '/firmware/pageList/get', tag: 'firmware', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Page of firmware packages, newest first, with whitelist, upgraded and failed counts',
  input: pageQuerySchema.extend({ deviceType: DeviceTypeSchema.optional().nullable(), status: z.enum(FIRMWARE_FILTERS, { error: 'validation.invalid' }).optional().nullable() }),
  output: pageOf(firmwareSchema),
});

export const firmwareUpdate = defineOperation({
  id: 'firmware.update', method: 'GET', path: '/firmware/update', tag: 'firmware', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Move a package: unpublished → grayscale or full → removed, grayscale → full. Full release answers 301 until resent with confirm=true; grayscale needs gray devices',
  input: z.object({ id: idSchema, status: FirmwareStateSchema, confirm: booleanish.default(false) }),
  output: firmwareSchema,
});

export const firmwareDelete = defineOperation({
  id: 'firmware.delete', method: 'GET', path: '/firmware/delete', tag: 'firmware', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Delete an unpublished or removed package',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const grayDevicePost = defineOperation({
  id: 'firmware.grayDevicePost', method: 'POST', path: '/firmware/grayDevice/post', tag: 'firmware', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Add devices to a package\'s gray whitelist by plain ID; each must be registered and of the package\'s device type (all or none are added)',
  input: z.object({
    firmwareId: idSchema,
    deviceIds: z.array(plainDeviceIdSchema, { error: 'firmware.grayEmpty' }).min(1, { error: 'firmware.grayEmpty' }).max(GRAY_DEVICES_PER_CALL_MAX, { error: 'validation.tooLong' }),
  }),
  output: z.object({ added: z.number().int() }),
});

export const grayDeviceList = defineOperation({
  id: 'firmware.grayDeviceList', method: 'GET', path: '/firmware/grayDeviceList/get', tag: 'firmware', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'A package\'s gray devices',
  input: z.object({ firmwareId: idSchema }),
  output: z.array(grayDeviceSchema),
});

export const grayDeviceDelete = defineOperation({
  id: 'firmware.grayDeviceDelete', method: 'GET', path: '/firmware/grayDevice/delete', tag: 'firmware', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Take a device off a package\'s gray whitelist',
  input: z.object({ firmwareId: idSchema, deviceId: plainDeviceIdSchema }),
  output: nullOutput,
});

export const firmwareLastVersion = defineOperation({
  id: 'firmware.getLastVersion', method: 'GET', path: '/fireWare/getLastVersion', tag: 'firmware-device', encoding: 'query', auth: 'public',
  summary: 'A device asks for the newest released firmware for its type: deviceId with header Authorization: Bearer <device key>. Answers the version and a signed download link, or null',
  input: z.object({ deviceId: plainDeviceIdSchema }),
  output: z.object({ version: z.string(), size: z.number().int(), md5: z.string(), url: z.string() }).nullable(),
});

export const firmwareUpgradeSchema = z.object({
  deviceId: z.string(),
  online: z.boolean(),
  firmwareVersion: z.string().nullable().describe('What the device last reported'),
  state: z.enum(FIRMWARE_UPGRADE_STATES),
  progress: z.number().int(),
  message: z.string().describe('The device\'s reason when failed'),
  updatedAt: z.number().int(),
});

export const firmwareUpgradeList = defineOperation({
  id: 'firmware.upgradeList', method: 'GET', path: '/firmware/upgradeList/get', tag: 'firmware', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Each target device\'s upgrade state for a released package: pending, downloading, installing, done, failed (with reason)',
  input: z.object({ firmwareId: idSchema }),
  output: z.array(firmwareUpgradeSchema),
});

export const firmwareResume = defineOperation({
  id: 'firmware.resume', method: 'GET', path: '/firmware/resume', tag: 'firmware', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Resume a grayscale rollout that halted itself; its failed devices are tried again',
  input: z.object({ id: idSchema }),
  output: firmwareSchema,
});

export const grayDeviceImport = defineOperation({
  id: 'firmware.grayDeviceImport', method: 'POST', path: '/firmware/grayDevice/import', tag: 'firmware', encoding: 'multipart', auth: 'session', roles: ROLES,
  summary: 'Add gray devices from a spreadsheet (.xls/.xlsx, a "Device ID" column), query ?firmwareId=; each row checked like grayDevice/post, all or none added (400 with data {problems, total})',
  input: z.object({ file: z.string().describe('binary .xls or .xlsx (multipart field "file")').optional() }),
  output: z.object({ added: z.number().int() }),
});
