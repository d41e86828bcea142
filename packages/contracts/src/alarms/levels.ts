import { z } from 'zod';
import { ALARM_GROUPS, type AlarmGroup } from './groups-values.ts';
import { VoiceWaySchema } from './handling.ts';
import { ESCALATION_MINUTES_MAX, ESCALATION_MINUTES_MIN } from './levels-values.ts';

// The schemas; the values and types live in levels-values.ts (no zod), which the console's shell reads:
// a module's code lands in one chunk, so schemas beside them would bring zod into the shell.
export * from './levels-values.ts';

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

/** The voice setting arrives as an object or as JSON text (the original client's form). */
export const VoiceSettingInputSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, VoiceSettingSchema);

const levelShape = Object.fromEntries(ALARM_GROUPS.map((group) => [group, AlarmLevelSchema])) as Record<AlarmGroup, typeof AlarmLevelSchema>;

export const AlarmGroupLevelsSchema = z.object(levelShape);

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
