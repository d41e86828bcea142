import type { EscalationMessages } from './en-us.ts';

/**
 * Messages of the escalation chains (issue 28): refusals of a chain or duty roster, and the
 * line a chain step's push adds. One file per language, spread into that language's server messages.
 */
export const escalationMessagesCs: EscalationMessages = {
  "escalation.afterMinutes": "Zadejte čekání v celých minutách od {min} do {max}.",
  "escalation.audience": "Vyberte, koho tento krok upozorní.",
  "escalation.channels": "Vyberte alespoň jeden kanál: push v aplikaci, e-mail nebo webhooky.",
  "escalation.email": "Zadejte každou e-mailovou adresu ve tvaru jmeno@example.org.",
  "escalation.emailsTooMany": "Krok posílá e-mail nejvýše na {max} adres.",
  "escalation.emailNeeded": "E-mail potřebuje alespoň jednu adresu.",
  "escalation.emailUnavailable": "E-mail nelze odeslat: na serveru není nastaveno SMTP_URL.",
  "escalation.steps": "Řetězec má nejvýše {max} kroků.",
  "escalation.order": "Seřaďte kroky podle čekání: krok nesmí čekat kratší dobu než předchozí.",
  "escalation.shift": "Tato směna neexistuje: vyberte jednu ze směn nastavených pro analýzu doby reakce.",
  "escalation.caregiver": "Do rozpisu služeb vyberte pečovatele tohoto domova.",
  "escalation.rosterTooLong": "Rozpis služeb jedné směny má nejvýše {max} pečovatelů.",
  "push.escalationStep": "Po {minutes} min stále nevyřízeno.",
};
