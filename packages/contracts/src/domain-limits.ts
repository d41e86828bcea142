// Limits that validation messages state (i18n/message-limits.ts), kept apart from the schemas of
// the modules that use them: importing a number must not bring a module's zod schemas along
// (the console's chunks; see docs/performance.md). Those modules re-export them.

export const DEVICE_ID_MAX = 64;
export const SUB_DEVICES_PER_HOST_MAX = 49;

export const SHIFT_COUNT_MIN = 1;
export const SHIFT_COUNT_MAX = 6;
export const RESPONSE_TARGET_SECONDS_MIN = 10;
export const RESPONSE_TARGET_SECONDS_MAX = 3600;
export const ANALYTICS_RANGE_DAYS_MAX = 31;

export const FIRMWARE_VERSION_MAX = 20;

export const VERSION_NAME_MAX = 20;
export const BUILD_NUMBER_MAX = 20;

export const STATISTICS_MULT_MIN = 0.01;
export const STATISTICS_MULT_MAX = 100;

/** The longest webhook endpoint address (issue 28). */
export const WEBHOOK_URL_MAX = 500;
