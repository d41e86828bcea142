// Alarm-log numbers, in a module without schemas: the console's shell (pending list) reads
// them, and a module's schemas would come along with it.

/**
 * The spec's pending-list request (02 §7) asks for the last 3600 s. Vigil does not apply it
 * (issue 25): an open alarm stays pending whatever its age; the server ignores the window.
 * Kept for the spec's rows and for clients that still send it.
 */
export const PENDING_LOOKBACK_MS = 3_600_000;
/** The pending list pages past this many rows (with a total and a cursor). */
export const PENDING_PAGE_SIZE = 1000;
/** Alarm and reminder logs are kept one month (spec 02 §9); the scheduler purges older ones. */
export const ALARM_RETENTION_DAYS = 31;
/** Rows in one alarm-log export. */
export const ALARM_EXPORT_ROWS_MAX = 20_000;
/** Most alarms one bulk handling request may name (the console sends more in several requests). */
export const BULK_HANDLE_MAX = 200;
