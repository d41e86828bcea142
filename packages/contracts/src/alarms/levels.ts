import { z } from 'zod';
import { ALARM_GROUPS, type AlarmGroup } from './groups.ts';
import { VoiceWaySchema, type VoiceWay } from './handling.ts';

/**
 * The provider's alarm level setting (spec 02 §3 "Alarm setting"): a level flag, 1 (red)
 * or 2 (orange), per alarm group; for each level the console's voice mode
 * (`alertTypeL1`/`alertTypeL2`: `pc` = pop up on the PC console, `globalVoiceWay`
 * = 0 mute, 1 tick, 2 speak once, 3 speak repeatedly); and the escalation time.
 */
export const AlarmLevelSchema = z.coerce
  .number({ error: 'validation.alarmLevel' })
  .int({ error: 'validation.alarmLevel' })
  .refine((value) => value === 1 || value === 2, { error: 'validation.alarmLevel' })
  .transform((value): 1 | 2 => (value === 1 ? 1 : 2));

export const VoiceSettingSchema = z.object({
  pc: z.boolean({ error: 'validation.invalid' }),
  globalVoiceWay: VoiceWaySchema,
});
export type VoiceSetting = { pc: boolean; globalVoiceWay: VoiceWay };

/** The voice setting arrives as an object or as JSON text (the original client's form). */
export const VoiceSettingInputSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, VoiceSettingSchema);

/** An orange alarm still pending after this many minutes is raised to red and announced again. */
export const ESCALATION_MINUTES_DEFAULT = 3;
export const ESCALATION_MINUTES_MIN = 1;
export const ESCALATION_MINUTES_MAX = 60;

const levelShape = Object.fromEntries(ALARM_GROUPS.map((group) => [group, AlarmLevelSchema])) as Record<AlarmGroup, typeof AlarmLevelSchema>;
export const AlarmGroupLevelsSchema = z.object(levelShape);
export type AlarmGroupLevels = Record<AlarmGroup, 1 | 2>;

export const AlertLevelSettingInputSchema = z.object({
  levels: AlarmGroupLevelsSchema,
  alertTypeL1: VoiceSettingInputSchema,
  alertTypeL2: VoiceSettingInputSchema,
  escalationMinutes: z.coerce
    .number({ error: 'validation.escalationMinutes' })
    .int({ error: 'validation.escalationMinutes' })
    .min(ESCALATION_MINUTES_MIN, { error: 'validation.escalationMinutes' })
    .max(ESCALATION_MINUTES_MAX, { error: 'validation.escalationMinutes' }),
});

export const AlertLevelSettingSchema = z.object({
  levels: AlarmGroupLevelsSchema,
  alertTypeL1: VoiceSettingSchema,
  alertTypeL2: VoiceSettingSchema,
  escalationMinutes: z.number().int(),
  /** False while the provider still uses the defaults. */
  saved: z.boolean(),
});
export type AlertLevelSetting = {
  levels: AlarmGroupLevels;
  alertTypeL1: VoiceSetting;
  alertTypeL2: VoiceSetting;
  escalationMinutes: number;
  saved: boolean;
};

const RED_GROUPS: readonly AlarmGroup[] = [
  'sos', 'smoke', 'temperature', 'gas', 'co', 'immersion', 'chestSos', 'breathStop', 'heartBreathException', 'fall', 'leftBed',
];

/** What a provider has until it saves its own: life-safety groups red, the rest orange; red speaks repeatedly, orange once. */
export const DEFAULT_ALERT_LEVEL_SETTING: AlertLevelSetting = {
  levels: Object.fromEntries(ALARM_GROUPS.map((group) => [group, RED_GROUPS.includes(group) ? 1 : 2])) as AlarmGroupLevels,
  alertTypeL1: { pc: true, globalVoiceWay: 3 },
  alertTypeL2: { pc: true, globalVoiceWay: 2 },
  escalationMinutes: ESCALATION_MINUTES_DEFAULT,
  saved: false,
};
