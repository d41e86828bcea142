import { z } from 'zod';
import { ALARM_GROUPS, type AlarmGroup } from './groups.ts';
import { GROUPS_OFF_BY_DEFAULT, RESIDENT_ALARM_FIELDS, RESIDENT_ALARM_LIMITS, type ResidentAlarmField } from './resident-settings-values.ts';

// The schemas; the limits, fields and recommendations live in resident-settings-values.ts (no zod).
export * from './resident-settings-values.ts';

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
