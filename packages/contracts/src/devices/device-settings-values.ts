import type { SleepMonitorSettings } from './device-settings.ts';

// Sleep-monitor setting values, limits and defaults without schemas: messages and screens read them without zod.

/** Sleep-monitor settings (spec 02 §3, §9) with their defaults. */
export const SENSITIVITIES = ['high', 'medium', 'low'] as const;

/** Bed-leaving detection: balanced (about 15 s, recommended) or fast (about 5 s). */
export const LEAVE_BED_MODES = ['balanced', 'fast'] as const;
export const LEAVE_BED_MODE_SECONDS: Readonly<Record<(typeof LEAVE_BED_MODES)[number], number>> = { balanced: 15, fast: 5 };

/** Real-time report interval in seconds (spec 02 §5: required, 1 to 254). */
export const REPORT_INTERVAL_MIN_S = 1;
export const REPORT_INTERVAL_MAX_S = 254;
export const REPORT_INTERVAL_DEFAULT_S = 10;

export const SLEEP_MONITOR_DEFAULTS: SleepMonitorSettings = {
  sensitivity: 'medium',
  leaveBedMode: 'balanced',
  reportInterval: REPORT_INTERVAL_DEFAULT_S,
  uploadRaw: true,
  sleepSchedule: { bedTime: '21:00', wakeTime: '07:00' },
};

/** A device is offline after silence longer than this many report intervals (issue 9, supervision). */
export const OFFLINE_AFTER_INTERVALS = 3;
