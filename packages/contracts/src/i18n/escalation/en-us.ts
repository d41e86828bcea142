/**
 * Messages of the escalation chains (issue 28): refusals of a chain or duty roster, and the
 * line a chain step's push adds. One file per language, spread into that language's server messages.
 */
export const escalationMessagesEnUS = {
  "escalation.afterMinutes": "Enter the wait as whole minutes from {min} to {max}.",
  "escalation.audience": "Choose who this step tells.",
  "escalation.channels": "Choose at least one channel: app push, email or webhooks.",
  "escalation.email": "Enter each email address as name@example.org.",
  "escalation.emailsTooMany": "A step emails at most {max} addresses.",
  "escalation.emailNeeded": "Email needs at least one address.",
  "escalation.emailUnavailable": "Email cannot be sent: SMTP_URL is not set on the server.",
  "escalation.steps": "A chain has at most {max} steps.",
  "escalation.order": "Order the steps by their wait: a step cannot wait less than the one before it.",
  "escalation.shift": "That shift does not exist: choose one of the shifts set for the response-time analytics.",
  "escalation.caregiver": "Choose caregivers of this care home for the duty roster.",
  "escalation.rosterTooLong": "A shift's duty roster holds at most {max} caregivers.",
  "push.escalationStep": "Still not handled after {minutes} min.",
} as const;

export type EscalationMessages = { [K in keyof typeof escalationMessagesEnUS]: string };
