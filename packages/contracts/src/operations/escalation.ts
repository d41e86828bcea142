import { z } from 'zod';
import { CARE_ROLES } from './care-common.ts';
import { idSchema } from './common.ts';
import { defineOperation } from './define.ts';
import { LANGUAGES } from '../languages.ts';
import { ShiftSchema } from './analytics.ts';
import {
  ESCALATION_AFTER_MINUTES_MAX,
  ESCALATION_AFTER_MINUTES_MIN,
  ESCALATION_AUDIENCES,
  ESCALATION_CHANNELS,
  ESCALATION_EMAIL_MAX,
  ESCALATION_EMAILS_MAX,
  ESCALATION_ROSTER_MAX,
  ESCALATION_STEPS_MAX,
  NOTIFICATION_STATUSES,
} from './escalation-values.ts';

export * from './escalation-values.ts';

/**
 * Escalation chains of a care home (issue 28): per alarm level, who is told, by which channel,
 * and after how long the alarm is still unhandled; a duty roster per analytics shift says who is
 * on duty. The scheduler walks the chain of each pending alarm; each person or address told is
 * recorded and shown on the alarm's detail.
 */
export const EscalationStepSchema = z
  .object({
    afterMinutes: z.coerce
      .number({ error: 'escalation.afterMinutes' })
      .int({ error: 'escalation.afterMinutes' })
      .min(ESCALATION_AFTER_MINUTES_MIN, { error: 'escalation.afterMinutes' })
      .max(ESCALATION_AFTER_MINUTES_MAX, { error: 'escalation.afterMinutes' }),
    audience: z.enum(ESCALATION_AUDIENCES, { error: 'escalation.audience' }),
    channels: z
      .array(z.enum(ESCALATION_CHANNELS, { error: 'escalation.channels' }), { error: 'escalation.channels' })
      .min(1, { error: 'escalation.channels' })
      .max(ESCALATION_CHANNELS.length, { error: 'escalation.channels' })
      .transform((channels) => [...new Set(channels)]),
    emails: z
      .array(z.string({ error: 'escalation.email' }).trim().max(ESCALATION_EMAIL_MAX, { error: 'escalation.email' }).email({ error: 'escalation.email' }), { error: 'escalation.email' })
      .max(ESCALATION_EMAILS_MAX, { error: 'escalation.emailsTooMany' })
      .default([]),
  })
  .refine((step) => !step.channels.includes('email') || step.emails.length > 0, { error: 'escalation.emailNeeded', path: ['emails'] });
export type EscalationStep = z.output<typeof EscalationStepSchema>;

const stepsSchema = z
  .array(EscalationStepSchema, { error: 'escalation.steps' })
  .max(ESCALATION_STEPS_MAX, { error: 'escalation.steps' })
  .refine((steps) => steps.every((step, index) => index === 0 || step.afterMinutes >= steps[index - 1].afterMinutes), { error: 'escalation.order' });

export const EscalationRosterEntrySchema = z.object({
  shift: z.coerce.number({ error: 'escalation.shift' }).int({ error: 'escalation.shift' }).min(0, { error: 'escalation.shift' }).max(23, { error: 'escalation.shift' }),
  caregiverIds: z.array(idSchema, { error: 'escalation.caregiver' }).max(ESCALATION_ROSTER_MAX, { error: 'escalation.rosterTooLong' }).transform((ids) => [...new Set(ids)]),
});

/** A morning summary recipient: an address and the language its email is written in (one of the seven). */
export const SummaryRecipientSchema = z.object({
  email: z.string({ error: 'escalation.email' }).trim().max(ESCALATION_EMAIL_MAX, { error: 'escalation.email' }).email({ error: 'escalation.email' }),
  language: z.enum(LANGUAGES, { error: 'escalation.summaryLanguage' }),
});
export type SummaryRecipient = z.output<typeof SummaryRecipientSchema>;

export const EscalationSettingInputSchema = z.object({
  /** Steps for red (level 1) alarms, in order of their wait. */
  red: stepsSchema,
  /** Steps for orange (level 2) alarms. */
  orange: stepsSchema,
  roster: z.array(EscalationRosterEntrySchema, { error: 'escalation.shift' }).max(24, { error: 'escalation.shift' }),
  /** Whether relatives may receive alarm notifications (a red alarm of their resident and its end, if they opt in); left as it is when absent. */
  relativesPush: z.boolean({ error: 'escalation.relativesPush' }).optional(),
  /** Who gets the morning summary email, each in their language (none: no summary); left as it is when absent. An address listed twice keeps its first language. */
  summaryRecipients: z
    .array(SummaryRecipientSchema, { error: 'escalation.email' })
    .max(ESCALATION_EMAILS_MAX, { error: 'escalation.emailsTooMany' })
    .transform((recipients) => recipients.filter((recipient, index) => recipients.findIndex((other) => other.email === recipient.email) === index))
    .optional(),
  /** The care home's local time (HH:MM) the morning summary goes out, once the night shift has ended; left as it is when absent. */
  summaryTime: z.string({ error: 'escalation.summaryTime' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'escalation.summaryTime' }).optional(),
});
export type EscalationSettingInput = z.output<typeof EscalationSettingInputSchema>;

export const EscalationSettingSchema = z.object({
  red: z.array(EscalationStepSchema),
  orange: z.array(EscalationStepSchema),
  roster: z.array(z.object({ shift: z.number().int(), caregiverIds: z.array(z.number().int()) })),
  /** The analytics shifts the roster follows, in the care home's time zone. */
  shifts: z.array(ShiftSchema),
  timeZone: z.string(),
  /** The care home's caregivers a roster can hold (senior ones are the managers). */
  caregivers: z.array(z.object({ id: z.number().int(), name: z.string(), senior: z.boolean() })),
  /** Whether the server can send email (SMTP_URL set). */
  emailAvailable: z.boolean(),
  /** False while the care home has no chain saved. */
  saved: z.boolean(),
  /** Whether relatives who opt in are pushed their resident's red alarms (off by default). */
  relativesPush: z.boolean(),
  /** The morning summary email's recipients, each with their language (empty: none sent), and local time (default 08:00). */
  summaryRecipients: z.array(SummaryRecipientSchema),
  summaryTime: z.string(),
  /** When the last morning summary went out (null: never). */
  summaryLastSentAt: z.number().int().nullable(),
});
export type EscalationSetting = z.infer<typeof EscalationSettingSchema>;

export const AlarmNotificationSchema = z.object({
  at: z.number().int(),
  /** 0-based step of the chain of `level` (null: not a chain step). */
  step: z.number().int().nullable(),
  level: z.number().int(),
  channel: z.enum(ESCALATION_CHANNELS),
  /** A caregiver's name, an email address, or a webhook's address. */
  recipient: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
});
export type AlarmNotification = z.infer<typeof AlarmNotificationSchema>;

export const AlarmNotificationLogSchema = z.object({
  alarmId: z.number().int(),
  raisedAt: z.number().int(),
  dealState: z.string(),
  handledBy: z.string().nullable(),
  handledAt: z.number().int().nullable(),
  relievedAt: z.number().int().nullable(),
  notifications: z.array(AlarmNotificationSchema),
});
export type AlarmNotificationLog = z.infer<typeof AlarmNotificationLogSchema>;

export const escalationGet = defineOperation({
  id: 'escalation.get', method: 'GET', path: '/escalation/get', tag: 'alarms', encoding: 'query', auth: 'session', roles: CARE_ROLES,
  summary: 'The care home\'s escalation chains per alarm level, the duty roster per shift, and the shifts and caregivers to choose from',
  input: z.object({}),
  output: EscalationSettingSchema,
});

export const escalationSave = defineOperation({
  id: 'escalation.save', method: 'POST', path: '/escalation/save', tag: 'alarms', encoding: 'json', auth: 'session', roles: CARE_ROLES,
  summary: 'Saves the escalation chains and duty roster; empty chains turn escalation off (alarms are pushed to every caregiver at once again)',
  input: EscalationSettingInputSchema,
  output: EscalationSettingSchema,
});

export const alarmNotifications = defineOperation({
  id: 'alarm.notifications', method: 'GET', path: '/alarm/notifications', tag: 'alarms', encoding: 'query', auth: 'session', roles: CARE_ROLES,
  summary: 'An alarm\'s detail: who was told, when, by which channel (escalation chain steps), and who handled it',
  input: z.object({ id: idSchema }),
  output: AlarmNotificationLogSchema,
});

export const alarmOpened = defineOperation({
  id: 'alarm.opened', method: 'POST', path: '/alarm/opened', tag: 'alarms', encoding: 'json', auth: 'session', roles: ['NURSING'],
  summary: 'Caregiver app: the caregiver tapped the alarm\'s pushed notification and the app opened the alarm; recorded once per caregiver on the alarm\'s notification log (who opened it, and when)',
  input: z.object({ id: idSchema }),
  output: z.null(),
});
