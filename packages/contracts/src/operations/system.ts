import { z } from 'zod';
import { INSTALL_PAGE_BYTES_MAX, PLATFORM_NAME_MAX, PLATFORM_NAME_MIN } from '../limits.ts';
import { EditionSchema } from '../edition.ts';
import { emptySchema, idSchema, nullOutput } from './common.ts';
import { defineOperation } from './define.ts';

export const platformNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(PLATFORM_NAME_MIN, { error: 'validation.platformName' })
  .max(PLATFORM_NAME_MAX, { error: 'validation.platformName' });

export const platformNameGet = defineOperation({
  id: 'system.platformName.get', method: 'GET', path: '/system/platformName/get', tag: 'system', encoding: 'query', auth: 'public',
  summary: 'The platform name (shown on the login page too)',
  input: emptySchema,
  output: z.object({ platformName: z.string() }),
});

export const platformNamePost = defineOperation({
  id: 'system.platformName.post', method: 'POST', path: '/system/platformName/post', tag: 'system', encoding: 'json', auth: 'session', roles: ['SENIOR_ROLE'],
  summary: 'Rename the platform (user menu, SENIOR_ROLE only)',
  input: z.object({ platformName: platformNameSchema }),
  output: nullOutput,
});

export const platformSettingGet = defineOperation({
  id: 'plate.getSetting', method: 'GET', path: '/plate/getSetting', tag: 'system', encoding: 'query', auth: 'public',
  summary: 'Name and logo URL as the caller sees them: its provider\'s own setting, else the platform\'s (also without a token, for the login page). userId is accepted for compatibility; the S-token decides',
  input: z.object({ userId: idSchema.optional() }),
  output: z.object({ name: z.string(), logoUrl: z.string() }),
});

export const platformSettingSave = defineOperation({
  id: 'plate.setting', method: 'POST', path: '/plate/setting', tag: 'system', encoding: 'json', auth: 'session', roles: ['ONE_ROLE', 'TWO_ROLE', 'SENIOR_ROLE'],
  summary: 'Save the name and logo shown to the caller\'s provider (SENIOR_ROLE: the platform\'s); logoUrl from /system/upload, or empty for the default',
  input: z.object({
    name: platformNameSchema,
    logoUrl: z.string().trim().max(256).regex(/^(\/api\/files\/logo-[0-9a-f]{16,64}\.png)?$/, { error: 'validation.invalid' }),
  }),
  output: nullOutput,
});

export const uploadLogo = defineOperation({
  id: 'system.upload', method: 'POST', path: '/system/upload', tag: 'system', encoding: 'multipart', auth: 'session', roles: ['ONE_ROLE', 'TWO_ROLE', 'SENIOR_ROLE'],
  summary: 'Upload a logo (multipart field "file"): PNG, 200x200 px, under 100 KB, checked from the bytes',
  input: z.object({}).describe('multipart: the file in field "file"'),
  output: z.object({ url: z.string() }),
});

/** The Android install page the console's download guide links to (spec 01 §2 /androidAPK.html). */
export const ANDROID_PAGE_PATH = '/androidAPK.html';
/** Largest install page /system/updateHtml takes. */
export { INSTALL_PAGE_BYTES_MAX };

export const updateHtml = defineOperation({
  id: 'system.updateHtml', method: 'POST', path: '/system/updateHtml', tag: 'system', encoding: 'multipart', auth: 'session', roles: ['SENIOR_ROLE', 'SUPER_ROLE'],
  summary: `Replace the Android install page (${ANDROID_PAGE_PATH}) with an uploaded HTML file (multipart field "file", UTF-8 text, at most 256 KB); it is served sandboxed (no scripts)`,
  input: z.object({}).describe('multipart: the page in field "file"'),
  output: z.object({ url: z.string(), bytes: z.number().int() }),
});

export const serverVersion = defineOperation({
  id: 'system.version', method: 'GET', path: '/system/version', tag: 'system', encoding: 'query', auth: 'public',
  summary: 'Server version for the sidebar label (V1.7_ + version) and its detail',
  input: emptySchema,
  output: z.object({ version: z.string(), commit: z.string(), startedAt: z.number().int(), database: z.string() }),
});

export const timeZoneSchema = z.object({ id: z.string(), offset: z.string().describe('UTC offset, e.g. +08:00'), offsetMinutes: z.number().int() });

export const timeZones = defineOperation({
  id: 'system.timeZones', method: 'GET', path: '/system/timeZones', tag: 'system', encoding: 'query', auth: 'public',
  summary: 'IANA time zones with their current UTC offsets',
  input: emptySchema,
  output: z.array(timeZoneSchema),
});

export const systemConfigSchema = z.object({ edition: EditionSchema, timeZone: z.string() });

export const querySystemConfig = defineOperation({
  id: 'system.querySystemConfig', method: 'POST', path: '/system/querySystemConfig', tag: 'system', encoding: 'json', auth: 'public',
  summary: 'Edition (domestic or overseas) and platform time zone, read by the console before login',
  input: emptySchema,
  output: systemConfigSchema,
});

export const saveSystemConfig = defineOperation({
  id: 'system.saveConfig', method: 'POST', path: '/system/saveConfig', tag: 'system', encoding: 'json', auth: 'session', roles: ['SENIOR_ROLE', 'SUPER_ROLE'],
  summary: 'Set the edition and platform time zone',
  input: z.object({ edition: EditionSchema.optional(), timeZone: z.string().trim().max(64).optional() }),
  output: nullOutput,
});

export const health = defineOperation({
  id: 'health', method: 'GET', path: '/health', tag: 'system', encoding: 'query', auth: 'public',
  summary: 'Liveness and database reachability',
  input: emptySchema,
  output: z.object({ ok: z.boolean(), database: z.string() }),
});
