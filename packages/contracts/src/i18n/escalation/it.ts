import type { EscalationMessages } from './en-us.ts';

/**
 * Messages of the escalation chains (issue 28): refusals of a chain or duty roster, and the
 * line a chain step's push adds. One file per language, spread into that language's server messages.
 */
export const escalationMessagesIt: EscalationMessages = {
  "escalation.afterMinutes": "Inserisci l'attesa in minuti interi da {min} a {max}.",
  "escalation.audience": "Scegli chi avvisa questo passo.",
  "escalation.channels": "Scegli almeno un canale: notifica dell'app, email o webhook.",
  "escalation.email": "Inserisci ogni indirizzo email come nome@example.org.",
  "escalation.emailsTooMany": "Un passo invia email al massimo a {max} indirizzi.",
  "escalation.emailNeeded": "L'email richiede almeno un indirizzo.",
  "escalation.emailUnavailable": "Impossibile inviare email: SMTP_URL non è impostato sul server.",
  "escalation.steps": "Una catena ha al massimo {max} passi.",
  "escalation.order": "Ordina i passi per attesa: un passo non può attendere meno del precedente.",
  "escalation.shift": "Questo turno non esiste: scegli uno dei turni impostati per l'analisi dei tempi di risposta.",
  "escalation.caregiver": "Scegli operatori di questa struttura per il turno di servizio.",
  "escalation.rosterTooLong": "Il turno di servizio di un turno comprende al massimo {max} operatori.",
  "push.escalationStep": "Ancora non gestito dopo {minutes} min.",
};
