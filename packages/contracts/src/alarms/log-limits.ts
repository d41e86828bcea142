// Alarm-log numbers, in a module without schemas: the console's shell (pending list) reads
// them, and a module's schemas would come along with it.

/** The pending list (spec 02 §7): the last 3600 s, page size 1000, newest first. */
export const PENDING_LOOKBACK_MS = 3_600_000;
export const PENDING_PAGE_SIZE = 1000;
/** Alarm and reminder logs are kept one month (spec 02 §9); the scheduler purges older ones. */
export const ALARM_RETENTION_DAYS = 31;
/** Rows in one alarm-log export. */
export const ALARM_EXPORT_ROWS_MAX = 20_000;
