import { SLEEP_MONITOR_DEFAULTS, type SleepMonitorSettings } from '@vigil/contracts';

/** The settings form's values: the contract's settings, flat, with the interval as typed (the rule checks it). */
export interface SleepSettingsValues {
  sensitivity: SleepMonitorSettings['sensitivity'];
  leaveBedMode: SleepMonitorSettings['leaveBedMode'];
  reportInterval: number | null;
  uploadRaw: boolean;
  bedTime: string;
  wakeTime: string;
}

/** Form values from the device's stored settings (the defaults when it has none yet). */
export function settingsToValues(settings: SleepMonitorSettings | null): SleepSettingsValues {
  const current = settings ?? SLEEP_MONITOR_DEFAULTS;
  return {
    sensitivity: current.sensitivity,
    leaveBedMode: current.leaveBedMode,
    reportInterval: current.reportInterval,
    uploadRaw: current.uploadRaw,
    bedTime: current.sleepSchedule.bedTime,
    wakeTime: current.sleepSchedule.wakeTime,
  };
}

/** Which of the four setting calls a save needs: only the groups that changed are sent to the device. */
export function changedGroups(before: SleepSettingsValues, after: SleepSettingsValues): { algMode: boolean; interval: boolean; upload: boolean; schedule: boolean } {
  return {
    algMode: before.sensitivity !== after.sensitivity || before.leaveBedMode !== after.leaveBedMode,
    interval: before.reportInterval !== after.reportInterval,
    upload: before.uploadRaw !== after.uploadRaw,
    schedule: before.bedTime !== after.bedTime || before.wakeTime !== after.wakeTime,
  };
}
