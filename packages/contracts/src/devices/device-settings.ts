import { z } from 'zod';
import { LEAVE_BED_MODES, REPORT_INTERVAL_MAX_S, REPORT_INTERVAL_MIN_S } from './device-settings-values.ts';

export * from './device-settings-values.ts';

/** Sleep-monitor settings (spec 02 §3, §9) with their defaults. */
export const SENSITIVITIES = ['high', 'medium', 'low'] as const;
export const SensitivitySchema = z.enum(SENSITIVITIES, { error: 'validation.sensitivity' });
export type Sensitivity = z.infer<typeof SensitivitySchema>;

export const LeaveBedModeSchema = z.enum(LEAVE_BED_MODES, { error: 'validation.leaveBedMode' });

export const REPORT_INTERVAL_DEFAULT_S = 10;
export const ReportIntervalSchema = z.coerce
  .number({ error: 'validation.reportInterval' })
  .int({ error: 'validation.reportInterval' })
  .min(REPORT_INTERVAL_MIN_S, { error: 'validation.reportInterval' })
  .max(REPORT_INTERVAL_MAX_S, { error: 'validation.reportInterval' });

/** HH:mm, 24-hour. */
export const ClockTimeSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'validation.clockTime' });

/** The resident's normal sleep schedule: reports are made within 15 minutes after wakeTime (spec 02 §9). */
export const SleepScheduleSchema = z.object({ bedTime: ClockTimeSchema, wakeTime: ClockTimeSchema });
export type SleepSchedule = z.infer<typeof SleepScheduleSchema>;

export const SleepMonitorSettingsSchema = z.object({
  sensitivity: SensitivitySchema,
  leaveBedMode: LeaveBedModeSchema,
  reportInterval: ReportIntervalSchema,
  /** Raw-data upload switch (the device's isUploadData). */
  uploadRaw: z.boolean(),
  sleepSchedule: SleepScheduleSchema,
});
export type SleepMonitorSettings = z.infer<typeof SleepMonitorSettingsSchema>;

export const SLEEP_MONITOR_DEFAULTS: SleepMonitorSettings = {
  sensitivity: 'medium',
  leaveBedMode: 'balanced',
  reportInterval: REPORT_INTERVAL_DEFAULT_S,
  uploadRaw: true,
  sleepSchedule: { bedTime: '21:00', wakeTime: '07:00' },
};

/** A device is offline after silence longer than this many report intervals (issue 9, supervision). */
export const OFFLINE_AFTER_INTERVALS = 3;
