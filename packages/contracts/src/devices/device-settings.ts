import { z } from 'zod';
import { LEAVE_BED_MODES, REPORT_INTERVAL_MAX_S, REPORT_INTERVAL_MIN_S, SENSITIVITIES } from './device-settings-values.ts';

// The schemas; the value lists, limits and defaults live in device-settings-values.ts (no zod), which screens read.
export * from './device-settings-values.ts';

/** Sleep-monitor settings (spec 02 §3, §9). */
export const SensitivitySchema = z.enum(SENSITIVITIES, { error: 'validation.sensitivity' });
export type Sensitivity = z.infer<typeof SensitivitySchema>;

export const LeaveBedModeSchema = z.enum(LEAVE_BED_MODES, { error: 'validation.leaveBedMode' });

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
