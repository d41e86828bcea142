/**
 * Messages of push to the caregiver app and outbound alarm integrations (issue 28): refusals of
 * a push subscription, and the texts the server writes into a push notification in the
 * subscriber's language. One file per language, spread into that language's server messages.
 */
export const pushMessagesEnUS = {
    'webhook.email': 'Email needs one address as mailto:name@example.org, and SMTP_URL set on the server.',
    'webhook.url': 'Enter the endpoint as an https:// address (at most {max} characters) that is not on this server\'s own network.',
    'webhook.events': 'Choose at least one event: alarm raised, handled or relieved.',
    'webhook.tooMany': 'A care home has at most {max} webhooks.',
    'push.endpoint': 'This push address is not from a push service Vigil sends to (HTTPS of a known browser push service).',
    'push.keys': 'The subscription keys are not valid (p256dh: an uncompressed P-256 public key, auth: 16 bytes, both base64url).',
    'push.notCaregiver': 'Only a caregiver of a care home can receive alarms on this phone.',
    'push.handledBy': 'Handled by {name}.',
    'push.relieved': 'Relieved: no action needed any more.',
    'push.escalated': 'Still not handled: now red.',
    "family.alertsNotAllowed": "Your care home has not turned on alarm notifications for relatives. Ask the care home if you would like them.",
    "family.alertsChoice": "Choose on or off.",
    "escalation.relativesPush": "Choose whether relatives may receive alarm notifications: on or off.",
    "push.family.title": "Alarm for {name}",
    "push.family.raised": "The care home raised an urgent alarm for {name}. The staff have been told and are seeing to it.",
    "push.family.handled": "The staff have attended to the alarm for {name}.",
    "push.family.relieved": "The alarm for {name} has ended.",
    "escalation.summaryTime": "Enter the time as HH:MM: hours and minutes.",
} as const;

export type PushMessages = { [K in keyof typeof pushMessagesEnUS]: string };
