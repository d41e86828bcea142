import type { Role } from '../role-values.ts';

// Release roles, limits and value lists without schemas: the console's screens read them without zod.

export const RELEASE_ROLES = ['SUPER_ROLE', 'SENIOR_ROLE'] as const satisfies readonly Role[];
/** Who may ask for an app update: sessions of the caregiver and installer apps. */
export const APP_UPDATE_ROLES = ['NURSING', 'MAINTAIN'] as const satisfies readonly Role[];

/** Spec 02 §5 and §9. */
export const VERSION_NAME_PATTERN = /^[0-9.]+$/;
export const BUILD_NUMBER_PATTERN = /^[0-9]+$/;
export const UPDATE_LOG_MAX = 500;
export const STORE_URL_MAX = 512;
/** A non-forced update prompt may be hidden this long (spec 02 §9). */
export const UPDATE_PROMPT_HIDE_MS = 7 * 24 * 60 * 60 * 1000;
/** Clients ask for updates this often (spec 02 §9). */
export const APP_UPDATE_POLL_MS = 10 * 60 * 1000;
/** Largest app package or H5 file accepted by `/app/uploadFile`, streamed to storage. */
export const RELEASE_FILE_MAX_BYTES = 300 * 1024 * 1024;
/** Entries an app package or H5 file may hold (checked by the strict zip reader, docs/releases.md). */
export const RELEASE_ENTRIES_MAX = 60_000;
/** What an app package or H5 file may expand to, all its entries together. */
export const RELEASE_EXPANDED_MAX_BYTES = 1024 * 1024 * 1024;
/** File kinds `/app/uploadFile` accepts, by name ending. */
export const RELEASE_FILE_EXTENSIONS = ['.apk', '.ipa', '.zip', '.wgt'] as const;

export const APP_PLATFORMS = ['android', 'ios'] as const;

/** Spec 02 §4: saved (unpublished) → published → removed. */
export const APP_VERSION_STATES = ['saved', 'published', 'removed'] as const;
