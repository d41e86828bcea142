import { z } from 'zod';
import { ALERT_TYPES } from './alert-types-values.ts';

export * from './alert-types-values.ts';
export const AlertTypeSchema = z.enum(ALERT_TYPES, { error: 'validation.alertType' });
export type AlertType = z.infer<typeof AlertTypeSchema>;

/** Seconds of an empty room before each infrared alarm (spec 02 §9: 8, 12 and 24 hours). */
export const INFRARED_EMPTY_ROOM_SECONDS: Readonly<Record<'INFRARED_8H' | 'INFRARED_12H' | 'INFRARED_24H', number>> = {
  INFRARED_8H: 28_800,
  INFRARED_12H: 43_200,
  INFRARED_24H: 86_400,
};

/** Alarm levels (spec 02 §9): 1 red, 2 orange. */
export const ALARM_LEVELS = [1, 2] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];
