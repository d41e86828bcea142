// The values of webhooks.ts without zod (the integrations screen reads them; webhooks.ts has the schemas).

/** The alarm events a webhook can be sent. */
/**
 * The alarm events a webhook can be sent. `alarm.escalated`: an orange alarm turned red for being
 * unhandled too long, or a step of the care home's escalation chain that names webhooks was reached.
 */
export const WEBHOOK_EVENTS = ['alarm.raised', 'alarm.handled', 'alarm.relieved', 'alarm.escalated'] as const;
