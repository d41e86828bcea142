import { z } from 'zod';
import { idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { defineOperation } from './define.ts';
import { VERSION_NAME_MAX, BUILD_NUMBER_MAX } from '../domain-limits.ts';
import { APP_PLATFORMS, APP_UPDATE_ROLES, APP_VERSION_STATES, BUILD_NUMBER_PATTERN, RELEASE_ROLES, STORE_URL_MAX, UPDATE_LOG_MAX, VERSION_NAME_PATTERN } from './releases-values.ts';

// Re-exported, not imported and exported: a bundler then binds a screen's import to the zod-free
// module itself, without this module's schemas (docs/performance.md).
export { VERSION_NAME_MAX, BUILD_NUMBER_MAX } from '../domain-limits.ts';
// The roles, limits and value lists live in releases-values.ts (no zod), which screens read.
export * from './releases-values.ts';

/**
 * App and H5 releases (issue 12, spec 02 §2–§9, docs/releases.md). Vendor administrators
 * (SUPER, SENIOR) manage versions; the caregiver and installer apps ask for updates.
 */

export const AppPlatformSchema = z.enum(APP_PLATFORMS, { error: 'validation.invalid' });
export type AppPlatform = z.infer<typeof AppPlatformSchema>;

export const AppVersionStateSchema = z.enum(APP_VERSION_STATES, { error: 'validation.invalid' });
export type AppVersionState = z.infer<typeof AppVersionStateSchema>;
/** The only moves updateAppVersionStatus accepts. */
export const APP_VERSION_MOVES: Readonly<Record<AppVersionState, readonly AppVersionState[]>> = {
  saved: ['published'],
  published: ['removed'],
  removed: [],
};
/**
 * The moves updateH5VersionStatus accepts (spec 02 §4, docs/releases.md "H5 versions"): a
 * published H5 version can also be unpublished (back to saved, to be published again later).
 */
export const H5_VERSION_MOVES: Readonly<Record<AppVersionState, readonly AppVersionState[]>> = {
  saved: ['published'],
  published: ['saved', 'removed'],
  removed: [],
};

const requiredText = (message: string) => z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : message) }).trim();

/** Version name: digits and dots, at most 20 (spec 02 §5). */
export const versionNameSchema = requiredText('release.versionName')
  .min(1, { error: 'validation.required' })
  .max(VERSION_NAME_MAX, { error: 'release.versionName' })
  .regex(VERSION_NAME_PATTERN, { error: 'release.versionName' });

/** Build number: digits only, at most 20 (spec 02 §5). Compared as a number. */
export const buildNumberSchema = z
  .union([z.string(), z.number().int().nonnegative()], { error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'release.buildNumber') })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, { error: 'validation.required' }).max(BUILD_NUMBER_MAX, { error: 'release.buildNumber' }).regex(BUILD_NUMBER_PATTERN, { error: 'release.buildNumber' }));

export const updateLogSchema = requiredText('validation.invalid').min(1, { error: 'validation.required' }).max(UPDATE_LOG_MAX, { error: 'validation.tooLong' });

/** An http(s) address of the app in a store, or empty. */
export const storeUrlSchema = z
  .string()
  .trim()
  .max(STORE_URL_MAX, { error: 'validation.tooLong' })
  .refine((text) => text === '' || /^https?:\/\/[^\s]+$/i.test(text), { error: 'release.storeUrl' })
  .optional()
  .nullable()
  .transform((text) => text ?? '');

/** An uploaded file's id, as `/app/uploadFile` answered it. */
export const releaseFileIdSchema = z.string().trim().regex(/^[a-f0-9]{32}$/, { error: 'release.fileNotFound' });

export const releaseFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string().describe('The name it was uploaded with'),
  size: z.number().int(),
  md5: z.string(),
  url: z.string().describe('Download address below the server root (public)'),
});
export type ReleaseFile = z.infer<typeof releaseFileSchema>;

export const appVersionSchema = z.object({
  id: z.number().int(),
  platform: AppPlatformSchema,
  versionName: z.string(),
  buildNumber: z.string(),
  updateLog: z.string(),
  storeUrl: z.string(),
  file: releaseFileSchema.nullable().describe('The uploaded package, when there is one'),
  forceUpgrade: z.boolean(),
  status: AppVersionStateSchema,
  uploadedAt: z.number().int(),
  publishedAt: z.number().int().nullable(),
  h5Count: z.number().int().describe('H5 versions paired with it'),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

export const h5VersionSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  file: releaseFileSchema,
  uploadedAt: z.number().int(),
  appCount: z.number().int().describe('App versions it is paired with'),
  status: AppVersionStateSchema,
  publishedAt: z.number().int().nullable().describe('When it was last published'),
  live: z.boolean().describe('True for the one /app/ serves: the most recently published'),
});
export type H5Version = z.infer<typeof h5VersionSchema>;

/** The fields of a new app version; the package is a store URL or an uploaded file (at least one). */
export const appVersionInputSchema = z
  .object({
    platform: AppPlatformSchema,
    versionName: versionNameSchema,
    buildNumber: buildNumberSchema,
    updateLog: updateLogSchema,
    storeUrl: storeUrlSchema,
    fileId: releaseFileIdSchema.optional().nullable().transform((id) => id ?? null),
    forceUpgrade: z.boolean().optional().default(false),
  })
  .superRefine((value, context) => {
    if (!value.storeUrl && !value.fileId) context.addIssue({ code: 'custom', path: ['storeUrl'], message: 'release.packageRequired' });
  });
export type AppVersionInput = z.output<typeof appVersionInputSchema>;

export const h5VersionInputSchema = z.object({
  version: versionNameSchema,
  fileId: z.string({ error: 'release.h5FileRequired' }).trim().min(1, { error: 'release.h5FileRequired' }).pipe(releaseFileIdSchema),
});

const ROLES = RELEASE_ROLES;
const PREFIX = '/version/apph5version';

export const appVersionList = defineOperation({
  id: 'version.appVersionList', method: 'POST', path: `${PREFIX}/appVersionList`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Page of app versions, newest build first',
  input: pageQuerySchema.extend({ platform: AppPlatformSchema.optional().nullable(), status: AppVersionStateSchema.optional().nullable() }),
  output: pageOf(appVersionSchema),
});

export const addAppVersion = defineOperation({
  id: 'version.addAppVersion', method: 'POST', path: `${PREFIX}/addAppVersion`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Save a new app version (state saved). The build number must be new for the platform',
  input: appVersionInputSchema,
  output: appVersionSchema,
});

export const updateAppVersionStatus = defineOperation({
  id: 'version.updateAppVersionStatus', method: 'POST', path: `${PREFIX}/updateAppVersionStatus`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Move an app version: saved → published → removed; any other move is refused',
  input: z.object({ id: idSchema, status: AppVersionStateSchema }),
  output: appVersionSchema,
});

export const deleteAppVersion = defineOperation({
  id: 'version.deleteAppVersion', method: 'DELETE', path: `${PREFIX}/deleteAppVersion`, tag: 'releases', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Delete a saved or removed app version (a published one must be removed first)',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const h5VersionList = defineOperation({
  id: 'version.h5VersionList', method: 'POST', path: `${PREFIX}/h5VersionList`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Page of H5 versions, newest first, with the one /app/ serves and the one it would fall back to',
  input: pageQuerySchema,
  output: pageOf(h5VersionSchema).extend({
    live: h5VersionSchema.nullable().describe('The H5 version /app/ serves (the most recently published), or null: the app built with the server'),
    fallback: h5VersionSchema.nullable().describe('What /app/ serves if the live one is unpublished or removed: the published one before it, or null (the built-in app)'),
  }),
});

export const updateH5VersionStatus = defineOperation({
  id: 'version.updateH5VersionStatus', method: 'POST', path: `${PREFIX}/updateH5VersionStatus`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Move an H5 version: saved → published (unpacked, then served at /app/), published → saved or removed (/app/ falls back to the published one before it, or the built-in app)',
  input: z.object({ id: idSchema, status: AppVersionStateSchema }),
  output: h5VersionSchema,
});

export const addH5Version = defineOperation({
  id: 'version.addH5Version', method: 'POST', path: `${PREFIX}/addH5Version`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Add an H5 version: its version and the uploaded file (required)',
  input: h5VersionInputSchema,
  output: h5VersionSchema,
});

export const updateH5Version = defineOperation({
  id: 'version.updateH5Version', method: 'POST', path: `${PREFIX}/updateH5Version`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Change an H5 version\'s version or file',
  input: h5VersionInputSchema.extend({ id: idSchema }),
  output: h5VersionSchema,
});

export const deleteH5Version = defineOperation({
  id: 'version.deleteH5Version', method: 'DELETE', path: `${PREFIX}/deleteH5Version`, tag: 'releases', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Delete an H5 version that no app version runs and that is not published',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const h5VersionReleaseList = defineOperation({
  id: 'version.h5VersionReleaseList', method: 'POST', path: `${PREFIX}/h5VersionReleaseList`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'The H5 versions an app version runs',
  input: z.object({ appVersionId: idSchema }),
  output: z.array(h5VersionSchema),
});

export const addAppH5Version = defineOperation({
  id: 'version.addAppH5Version', method: 'POST', path: `${PREFIX}/addAppH5Version`, tag: 'releases', encoding: 'json', auth: 'session', roles: ROLES,
  summary: 'Pair an app version with an H5 version it runs (pairing twice changes nothing)',
  input: z.object({ appVersionId: idSchema, h5VersionId: idSchema }),
  output: nullOutput,
});

export const deleteAppH5Version = defineOperation({
  id: 'version.deleteAppH5Version', method: 'DELETE', path: `${PREFIX}/deleteAppH5Version`, tag: 'releases', encoding: 'query', auth: 'session', roles: ROLES,
  summary: 'Unpair an app version and an H5 version',
  input: z.object({ appVersionId: idSchema, h5VersionId: idSchema }),
  output: nullOutput,
});

export const appUploadFile = defineOperation({
  id: 'app.uploadFile', method: 'POST', path: '/app/uploadFile', tag: 'releases', encoding: 'multipart', auth: 'session', roles: ROLES,
  summary: 'Upload an app package (.apk, .ipa) or H5 file (.zip, .wgt), multipart field "file"; streamed to storage, at most RELEASE_FILE_MAX_BYTES',
  input: z.object({ file: z.string().describe('binary package (multipart field "file")').optional() }),
  output: releaseFileSchema,
});

export const appUpdateCheck = defineOperation({
  id: 'version.checkUpdate', method: 'GET', path: `${PREFIX}/checkUpdate`, tag: 'releases', encoding: 'query', auth: 'session', roles: APP_UPDATE_ROLES,
  summary: 'The app\'s update check (caregiver and installer sessions): the newest published version above the current build, whether it is forced',
  input: z.object({ platform: AppPlatformSchema, buildNumber: buildNumberSchema }),
  output: z.object({
    hasUpdate: z.boolean(),
    force: z.boolean().describe('True when any published version above the current build is forced: the prompt cannot be hidden'),
    latest: appVersionSchema.nullable(),
    h5Versions: z.array(h5VersionSchema).describe('The H5 versions the latest version runs'),
    promptHideMs: z.number().int().describe('How long a non-forced prompt may be hidden (7 days)'),
    pollIntervalMs: z.number().int().describe('How often to ask again (10 minutes)'),
  }),
});
