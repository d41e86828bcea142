// Sleep-monitor setting limits without schemas: messages read them without zod.

/** Bed-leaving detection: balanced (about 15 s, recommended) or fast (about 5 s). */
export const LEAVE_BED_MODES = ['balanced', 'fast'] as const;
export const LEAVE_BED_MODE_SECONDS: Readonly<Record<(typeof LEAVE_BED_MODES)[number], number>> = { balanced: 15, fast: 5 };

/** Real-time report interval in seconds (spec 02 §5: required, 1 to 254). */
export const REPORT_INTERVAL_MIN_S = 1;
export const REPORT_INTERVAL_MAX_S = 254;
