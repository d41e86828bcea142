import type { PushMessages } from './en-us.ts';

/**
 * Messages of push to the caregiver app and outbound alarm integrations (issue 28): refusals of
 * a push subscription, and the texts the server writes into a push notification in the
 * subscriber's language. One file per language, spread into that language's server messages.
 */
export const pushMessagesKo: PushMessages = {
    'webhook.email': '이메일에는 mailto:name@example.org 형식의 주소 하나와 서버의 SMTP_URL 설정이 필요합니다.',
    'webhook.url': '엔드포인트를 이 서버 자체 네트워크에 있지 않은 https:// 주소(최대 {max}자)로 입력하세요.',
    'webhook.events': '이벤트를 하나 이상 선택하세요: 알람 발생, 처리, 해제.',
    'webhook.tooMany': '시설당 웹훅은 최대 {max}개입니다.',
    'push.endpoint': '이 푸시 주소는 Vigil이 보내는 푸시 서비스의 주소가 아닙니다(알려진 브라우저 푸시 서비스의 HTTPS).',
    'push.keys': '구독 키가 올바르지 않습니다(p256dh: 비압축 P-256 공개 키, auth: 16바이트, 모두 base64url).',
    'push.notCaregiver': '이 휴대폰에서는 요양 시설의 요양보호사만 알람을 받을 수 있습니다.',
    'push.handledBy': '{name} 님이 처리했습니다.',
    'push.relieved': '해제됨: 더 이상 조치가 필요 없습니다.',
    'push.escalated': '아직 처리되지 않음: 이제 빨간색입니다.',
    "family.alertsNotAllowed": "요양 시설에서 가족 알람 알림을 켜지 않았습니다. 알림을 원하시면 시설에 문의하세요.",
    "family.alertsChoice": "켜기 또는 끄기를 선택하세요.",
    "escalation.relativesPush": "가족이 알람 알림을 받을 수 있는지 선택하세요: 켜기 또는 끄기.",
    "push.family.title": "{name} 님 알람",
    "push.family.raised": "시설에서 {name} 님에 대한 긴급 알람이 발생했습니다. 직원에게 알렸으며 대응하고 있습니다.",
    "push.family.handled": "직원이 {name} 님의 알람에 대응했습니다.",
    "push.family.relieved": "{name} 님의 알람이 종료되었습니다.",
    "escalation.summaryTime": "시간을 HH:MM(시와 분) 형식으로 입력하세요.",
};
