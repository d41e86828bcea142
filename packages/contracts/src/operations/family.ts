import { z } from 'zod';
import { defineOperation } from './define.ts';

/**
 * Relatives in the caregiver app (issue 28): a family account (RELATIVES, made from a resident's
 * emergency contact, spec 01 §6) signs in to the same app and sees only the resident(s) whose
 * contact it is: last night's report in plain words and whether they are in bed, out of bed or
 * away now, never live vital signs and nothing of anyone else. Deviation from spec 01 §6 ("app
 * login accepts only caregiver and installer accounts"): the mini program is out of reach, so the
 * app takes family accounts too; the console still refuses them (issue 27).
 */
/** A sleep score runs from 0 to this. */
export const SLEEP_SCORE_MAX = 100;

export const FAMILY_PRESENCES = ['inBed', 'outOfBed', 'away', 'unknown'] as const;
export type FamilyPresence = (typeof FAMILY_PRESENCES)[number];

export const familyNightSchema = z.object({
  /** The local date of the morning the night ended. */
  date: z.string(),
  /** 0–100, or null when the night was too short to analyse. */
  score: z.number().int().nullable(),
  sleepMinutes: z.number().int(),
  /** Times awake for more than 5 minutes. */
  wakeUps: z.number().int().nullable(),
  bedTime: z.number().int().nullable(),
  wakeTime: z.number().int().nullable(),
});
export type FamilyNight = z.infer<typeof familyNightSchema>;

export const familyResidentSchema = z.object({
  residentId: z.number().int(),
  name: z.string(),
  presence: z.enum(FAMILY_PRESENCES),
  /** When the presence was last seen (a sample) or the absence began; null when unknown. */
  presenceAt: z.number().int().nullable(),
  /** The latest analysed night, or null before the first one. */
  lastNight: familyNightSchema.nullable(),
  /** The date of the spec's disclaimer (monitoring data is reference only, not medical advice). */
  disclaimerDate: z.string(),
});
export type FamilyResident = z.infer<typeof familyResidentSchema>;

export const familyResidents = defineOperation({
  id: 'family.residents', method: 'GET', path: '/family/residents', tag: 'family', encoding: 'query', auth: 'session', roles: ['RELATIVES'],
  summary: 'Family app: the signed-in relative\'s own resident(s): in bed, out of bed or away now, and last night\'s report in plain figures; nothing of anyone else, no live vital signs',
  input: z.object({}),
  output: z.array(familyResidentSchema),
});

/**
 * Relatives' alarm notifications (issue 28): when the care home allows it (its notification
 * settings beside the escalation chains, off by default) and the relative opts in, a red alarm
 * of their resident and its end are pushed to their phone in plain words.
 */
export const familyAlertsSchema = z.object({
  /** Whether the care home lets relatives receive alarm notifications. */
  allowed: z.boolean(),
  /** Whether this relative asked for them (kept while the care home does not allow it, but nothing is sent). */
  optedIn: z.boolean(),
});
export type FamilyAlerts = z.infer<typeof familyAlertsSchema>;

export const familyAlerts = defineOperation({
  id: 'family.alerts', method: 'GET', path: '/family/alerts', tag: 'family', encoding: 'query', auth: 'session', roles: ['RELATIVES'],
  summary: 'Family app: whether the care home allows alarm notifications to relatives and whether this relative opted in',
  input: z.object({}),
  output: familyAlertsSchema,
});

export const familySetAlerts = defineOperation({
  id: 'family.setAlerts', method: 'POST', path: '/family/setAlerts', tag: 'family', encoding: 'json', auth: 'session', roles: ['RELATIVES'],
  summary: 'Family app: opt in to (or out of) a push when a red alarm of one\'s own resident is raised and when it is handled; opting in needs the care home\'s consent',
  input: z.object({ on: z.boolean({ error: 'family.alertsChoice' }) }),
  output: familyAlertsSchema,
});
