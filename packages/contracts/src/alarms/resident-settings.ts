import { z } from 'zod';
import { ALARM_GROUPS, type AlarmGroup } from './groups.ts';

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

function field(name: ResidentAlarmField) {
  const { min, max } = RESIDENT_ALARM_LIMITS[name];
  return z.coerce
    .number({ error: 'validation.alarmSetting' })
    .int({ error: 'validation.alarmSetting' })
    .min(min, { error: 'validation.alarmSetting' })
    .max(max, { error: 'validation.alarmSetting' });
}
const valueShape = Object.fromEntries(RESIDENT_ALARM_FIELDS.map((name) => [name, field(name)])) as Record<ResidentAlarmField, ReturnType<typeof field>>;
const enabledShape = Object.fromEntries(ALARM_GROUPS.map((group) => [group, z.boolean({ error: 'validation.invalid' })])) as Record<AlarmGroup, z.ZodBoolean>;

export const ResidentAlarmValuesSchema = z.object(valueShape);
export type ResidentAlarmValues = Record<ResidentAlarmField, number>;
export const ResidentAlarmEnabledSchema = z.object(enabledShape);
export type ResidentAlarmEnabled = Record<AlarmGroup, boolean>;

export const ResidentAlarmSettingsSchema = z
  .object({ enabled: ResidentAlarmEnabledSchema, values: ResidentAlarmValuesSchema })
  .refine((settings) => settings.values.heartRateMin < settings.values.heartRateMax, { error: 'validation.alarmSettingRange', path: ['values', 'heartRateMin'] })
  .refine((settings) => settings.values.breathRateMin < settings.values.breathRateMax, { error: 'validation.alarmSettingRange', path: ['values', 'breathRateMin'] });
export type ResidentAlarmSettings = { enabled: ResidentAlarmEnabled; values: ResidentAlarmValues };

export const DEFAULT_RESIDENT_ALARM_SETTINGS: ResidentAlarmSettings = {
  enabled: Object.fromEntries(ALARM_GROUPS.map((group) => [group, !GROUPS_OFF_BY_DEFAULT.includes(group)])) as ResidentAlarmEnabled,
  values: Object.fromEntries(RESIDENT_ALARM_FIELDS.map((name) => [name, RESIDENT_ALARM_LIMITS[name].default])) as ResidentAlarmValues,
};

/**
 * Reads the community's alarm config (flat keys, community.saveAlarmConfig) over the
 * defaults: a known value field within its limits, or `enabled.<group>` as a boolean.
 * Unknown keys and out-of-range values are ignored.
 */
export function settingsFromCommunityConfig(config: Readonly<Record<string, string | number | boolean | null>> | null): ResidentAlarmSettings {
  const settings: ResidentAlarmSettings = { enabled: { ...DEFAULT_RESIDENT_ALARM_SETTINGS.enabled }, values: { ...DEFAULT_RESIDENT_ALARM_SETTINGS.values } };
  if (!config) return settings;
  for (const name of RESIDENT_ALARM_FIELDS) {
    const parsed = field(name).safeParse(config[name]);
    if (parsed.success) settings.values[name] = parsed.data;
  }
  for (const group of ALARM_GROUPS) {
    const value = config[`enabled.${group}`];
    if (typeof value === 'boolean') settings.enabled[group] = value;
  }
  if (!ResidentAlarmSettingsSchema.safeParse(settings).success) return { enabled: settings.enabled, values: { ...DEFAULT_RESIDENT_ALARM_SETTINGS.values } };
  return settings;
}
