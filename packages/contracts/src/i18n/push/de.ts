import type { PushMessages } from './en-us.ts';

/**
 * Messages of push to the caregiver app and outbound alarm integrations (issue 28): refusals of
 * a push subscription, and the texts the server writes into a push notification in the
 * subscriber's language. One file per language, spread into that language's server messages.
 */
export const pushMessagesDe: PushMessages = {
    'webhook.email': 'E-Mail braucht eine Adresse als mailto:name@example.org und SMTP_URL auf dem Server.',
    'webhook.url': 'Geben Sie den Endpunkt als https://-Adresse ein (höchstens {max} Zeichen), nicht im eigenen Netz dieses Servers.',
    'webhook.events': 'Wählen Sie mindestens ein Ereignis: Alarm ausgelöst, bearbeitet oder aufgehoben.',
    'webhook.tooMany': 'Eine Einrichtung hat höchstens {max} Webhooks.',
    'push.endpoint': 'Diese Push-Adresse gehört zu keinem Push-Dienst, an den Vigil sendet (HTTPS eines bekannten Browser-Push-Dienstes).',
    'push.keys': 'Die Schlüssel des Abonnements sind ungültig (p256dh: unkomprimierter P-256-Schlüssel, auth: 16 Byte, beide base64url).',
    'push.notCaregiver': 'Nur Pflegekräfte einer Einrichtung können auf diesem Telefon Alarme empfangen.',
    'push.handledBy': 'Bearbeitet von {name}.',
    'push.relieved': 'Aufgehoben: nichts mehr zu tun.',
    'push.escalated': 'Noch nicht bearbeitet: jetzt rot.',
    "family.alertsNotAllowed": "Ihre Einrichtung hat Alarmbenachrichtigungen für Angehörige nicht eingeschaltet. Fragen Sie die Einrichtung, wenn Sie sie erhalten möchten.",
    "family.alertsChoice": "Wählen Sie ein oder aus.",
    "escalation.relativesPush": "Wählen Sie, ob Angehörige Alarmbenachrichtigungen erhalten dürfen: ein oder aus.",
    "push.family.title": "Alarm für {name}",
    "push.family.raised": "Die Einrichtung hat einen dringenden Alarm für {name} ausgelöst. Das Personal ist informiert und kümmert sich darum.",
    "push.family.handled": "Das Personal hat sich um den Alarm für {name} gekümmert.",
    "push.family.relieved": "Der Alarm für {name} ist beendet.",
    "escalation.summaryTime": "Geben Sie die Uhrzeit als HH:MM ein: Stunden und Minuten.",
};
