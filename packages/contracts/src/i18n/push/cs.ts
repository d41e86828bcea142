import type { PushMessages } from './en-us.ts';

/**
 * Messages of push to the caregiver app and outbound alarm integrations (issue 28): refusals of
 * a push subscription, and the texts the server writes into a push notification in the
 * subscriber's language. One file per language, spread into that language's server messages.
 */
export const pushMessagesCs: PushMessages = {
    'webhook.email': 'E-mail potřebuje jednu adresu ve tvaru mailto:name@example.org a nastavené SMTP_URL na serveru.',
    'webhook.url': 'Zadejte koncový bod jako adresu https:// (nejvýše {max} znaků), která není ve vlastní síti tohoto serveru.',
    'webhook.events': 'Zvolte aspoň jednu událost: alarm vznikl, vyřízen nebo pominul.',
    'webhook.tooMany': 'Zařízení má nejvýše {max} webhooků.',
    'push.endpoint': 'Tato push adresa nepatří žádné push službě, do které Vigil posílá (HTTPS známé push služby prohlížeče).',
    'push.keys': 'Klíče odběru nejsou platné (p256dh: nekomprimovaný veřejný klíč P-256, auth: 16 bajtů, oba base64url).',
    'push.notCaregiver': 'Alarmy na tomto telefonu může dostávat jen pečovatel zařízení.',
    'push.handledBy': 'Vyřídil(a) {name}.',
    'push.relieved': 'Pominulo: už není třeba nic dělat.',
    'push.escalated': 'Stále nevyřízeno: nyní červený.',
    "family.alertsNotAllowed": "Vaše zařízení nezapnulo oznámení o alarmech pro příbuzné. Pokud je chcete dostávat, zeptejte se v zařízení.",
    "family.alertsChoice": "Zvolte zapnuto nebo vypnuto.",
    "escalation.relativesPush": "Zvolte, zda příbuzní smějí dostávat oznámení o alarmech: zapnuto nebo vypnuto.",
    "push.family.title": "Alarm pro {name}",
    "push.family.raised": "Zařízení vyhlásilo naléhavý alarm pro {name}. Personál je informován a stará se o to.",
    "push.family.handled": "Personál se postaral o alarm pro {name}.",
    "push.family.relieved": "Alarm pro {name} skončil.",
    "escalation.summaryTime": "Zadejte čas ve tvaru HH:MM: hodiny a minuty.",
};
