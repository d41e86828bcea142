// The values of escalation.ts without zod (the escalation screen reads them; escalation.ts has the schemas).

/**
 * Who a step of an escalation chain tells: the caregivers assigned to the alarm's resident, the
 * caregivers on the duty roster of the shift now running, the senior caregivers (the care home's
 * managers), or every caregiver of the care home.
 */
export const ESCALATION_AUDIENCES = ['residentCaregivers', 'onDutyCaregivers', 'seniorCaregivers', 'allCaregivers'] as const;
export type EscalationAudience = (typeof ESCALATION_AUDIENCES)[number];

/** How a step reaches them: the caregiver app's push, email to the step's addresses, the care home's webhooks. */
export const ESCALATION_CHANNELS = ['push', 'email', 'webhook'] as const;
export type EscalationChannel = (typeof ESCALATION_CHANNELS)[number];

/** The alarm levels a chain exists for: 1 red, 2 orange. */
export const ESCALATION_LEVELS = [1, 2] as const;

export const ESCALATION_STEPS_MAX = 6;
/** A step's wait after the alarm was raised, in whole minutes (0: at once). */
export const ESCALATION_AFTER_MINUTES_MIN = 0;
export const ESCALATION_AFTER_MINUTES_MAX = 120;
export const ESCALATION_EMAILS_MAX = 5;
export const ESCALATION_EMAIL_MAX = 254;
/** Caregivers on one shift's duty roster. */
export const ESCALATION_ROSTER_MAX = 100;

/** What became of telling one recipient: sent, failed, no phone subscribed to push, or handed to the webhook queue. */
/** 'opened': the caregiver tapped the pushed notification and the app opened the alarm (who opened it, and when). */
export const NOTIFICATION_STATUSES = ['sent', 'failed', 'noDevice', 'queued', 'opened'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
