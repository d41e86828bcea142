import type { EscalationMessages } from './en-us.ts';

/**
 * Messages of the escalation chains (issue 28): refusals of a chain or duty roster, and the
 * line a chain step's push adds. One file per language, spread into that language's server messages.
 */
export const escalationMessagesDe: EscalationMessages = {
  "escalation.afterMinutes": "Geben Sie die Wartezeit in ganzen Minuten von {min} bis {max} ein.",
  "escalation.audience": "Wählen Sie, wen diese Stufe benachrichtigt.",
  "escalation.channels": "Wählen Sie mindestens einen Kanal: App-Push, E-Mail oder Webhooks.",
  "escalation.email": "Geben Sie jede E-Mail-Adresse als name@example.org ein.",
  "escalation.emailsTooMany": "Eine Stufe schreibt an höchstens {max} Adressen.",
  "escalation.emailNeeded": "Für E-Mail ist mindestens eine Adresse nötig.",
  "escalation.emailUnavailable": "E-Mail kann nicht gesendet werden: SMTP_URL ist auf dem Server nicht gesetzt.",
  "escalation.steps": "Eine Kette hat höchstens {max} Stufen.",
  "escalation.order": "Ordnen Sie die Stufen nach Wartezeit: Eine Stufe darf nicht kürzer warten als die vorige.",
  "escalation.shift": "Diese Schicht gibt es nicht: Wählen Sie eine der Schichten der Reaktionszeit-Auswertung.",
  "escalation.caregiver": "Wählen Sie Pflegekräfte dieser Einrichtung für den Dienstplan.",
  "escalation.rosterTooLong": "Der Dienstplan einer Schicht umfasst höchstens {max} Pflegekräfte.",
  "push.escalationStep": "Nach {minutes} Min. noch nicht bearbeitet.",
};
