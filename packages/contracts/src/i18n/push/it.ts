import type { PushMessages } from './en-us.ts';

/**
 * Messages of push to the caregiver app and outbound alarm integrations (issue 28): refusals of
 * a push subscription, and the texts the server writes into a push notification in the
 * subscriber's language. One file per language, spread into that language's server messages.
 */
export const pushMessagesIt: PushMessages = {
    'webhook.email': 'L\'email richiede un indirizzo come mailto:name@example.org e SMTP_URL impostato sul server.',
    'webhook.url': 'Inserisci l\'endpoint come indirizzo https:// (al massimo {max} caratteri) che non sia sulla rete di questo server.',
    'webhook.events': 'Scegli almeno un evento: allarme generato, gestito o rientrato.',
    'webhook.tooMany': 'Una struttura ha al massimo {max} webhook.',
    'push.endpoint': 'Questo indirizzo push non appartiene a un servizio push a cui Vigil invia (HTTPS di un servizio push noto del browser).',
    'push.keys': 'Le chiavi della sottoscrizione non sono valide (p256dh: chiave pubblica P-256 non compressa, auth: 16 byte, entrambe base64url).',
    'push.notCaregiver': 'Solo un operatore di una struttura può ricevere allarmi su questo telefono.',
    'push.handledBy': 'Gestito da {name}.',
    'push.relieved': 'Rientrato: non serve più intervenire.',
    'push.escalated': 'Ancora non gestito: ora è rosso.',
    "family.alertsNotAllowed": "La struttura non ha attivato le notifiche di allarme per i familiari. Chieda alla struttura se desidera riceverle.",
    "family.alertsChoice": "Scelga attivo o disattivo.",
    "escalation.relativesPush": "Scegliere se i familiari possono ricevere le notifiche di allarme: attivo o disattivo.",
    "push.family.title": "Allarme per {name}",
    "push.family.raised": "La struttura ha segnalato un allarme urgente per {name}. Il personale è stato avvisato e se ne sta occupando.",
    "push.family.handled": "Il personale si è occupato dell'allarme per {name}.",
    "push.family.relieved": "L'allarme per {name} è terminato.",
    "escalation.summaryTime": "Inserire l'ora come HH:MM: ore e minuti.",
};
