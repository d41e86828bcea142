import type { AlarmGroup } from './groups-values.ts';

// A resident's alarm-setting limits without schemas: the console's setting screen reads them without zod.

/**
 * A resident's alarm settings (route /BunkManage/settingAlarm/alarmSetting/:userId):
 * an enable flag per alarm group, thresholds and durations. The starting point is the
 * community's alarm config (community.saveAlarmConfig, same field names), then Vigil's
 * defaults. Durations are seconds (the console shows minutes, spec 02 §9).
 */
export const RESIDENT_ALARM_LIMITS = {
  leftBedTime: { min: 60, max: 7200, default: 900 },
  breathStopDuration: { min: 10, max: 120, default: 20 },
  manyBodyMoveDuration: { min: 60, max: 3600, default: 600 },
  noBodyMove: { min: 600, max: 43_200, default: 7200 },
  noTurnOver: { min: 600, max: 43_200, default: 7200 },
  breathExceptionDuration: { min: 30, max: 3600, default: 120 },
  heartExceptionDuration: { min: 30, max: 3600, default: 120 },
  heartRateMin: { min: 20, max: 80, default: 45 },
  heartRateMax: { min: 80, max: 200, default: 120 },
  breathRateMin: { min: 4, max: 16, default: 8 },
  breathRateMax: { min: 16, max: 60, default: 30 },
  /** Movement intensity (0–100) a second must reach to count as a body movement. */
  bodyMoveThreshold: { min: 1, max: 100, default: 30 },
  /** Movements per minute above which a minute counts as restless (MANY_BODY_MOVE). */
  manyBodyMovePerMinute: { min: 1, max: 60, default: 6 },
} as const;
export type ResidentAlarmField = keyof typeof RESIDENT_ALARM_LIMITS;
export const RESIDENT_ALARM_FIELDS = Object.keys(RESIDENT_ALARM_LIMITS) as ResidentAlarmField[];

/** §9 recommendations shown beside the fields (keys into the console's alarm-setting locale). */
export const RESIDENT_ALARM_RECOMMENDATIONS: Readonly<Partial<Record<ResidentAlarmField, { recommended: number; noteKey: string }>>> = {
  /** Out-of-bed alarm dwell: 5 minutes or more recommended. */
  leftBedTime: { recommended: 300, noteKey: 'recommend.leftBedTime' },
};

/** Groups a new resident has switched off: frequent reminders that would drown the real alarms. */
export const GROUPS_OFF_BY_DEFAULT: readonly AlarmGroup[] = ['bodyMove', 'goToBed', 'sitUp', 'door'];
