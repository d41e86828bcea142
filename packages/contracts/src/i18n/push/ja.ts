import type { PushMessages } from './en-us.ts';

/**
 * Messages of push to the caregiver app and outbound alarm integrations (issue 28): refusals of
 * a push subscription, and the texts the server writes into a push notification in the
 * subscriber's language. One file per language, spread into that language's server messages.
 */
export const pushMessagesJa: PushMessages = {
    'webhook.email': 'メールには mailto:name@example.org の形のアドレス 1 つと、サーバーの SMTP_URL 設定が必要です。',
    'webhook.url': 'エンドポイントは https:// のアドレス（{max} 文字以内）で、このサーバー自身のネットワーク上にないものを入力してください。',
    'webhook.events': 'イベントを 1 つ以上選んでください：アラーム発生、対応済み、解除。',
    'webhook.tooMany': '1 施設の Webhook は最大 {max} 件です。',
    'push.endpoint': 'このプッシュアドレスは Vigil が送信するプッシュサービスのものではありません（既知のブラウザープッシュサービスの HTTPS）。',
    'push.keys': '購読キーが無効です（p256dh: 非圧縮の P-256 公開鍵、auth: 16 バイト、いずれも base64url）。',
    'push.notCaregiver': 'この電話でアラームを受け取れるのは施設の介護職員だけです。',
    'push.handledBy': '{name} が対応しました。',
    'push.relieved': '解除されました。対応は不要です。',
    'push.escalated': 'まだ対応されていません：赤に上がりました。',
    "family.alertsNotAllowed": "ご利用の施設はご家族へのアラーム通知を有効にしていません。通知をご希望の場合は施設にお問い合わせください。",
    "family.alertsChoice": "オンまたはオフを選択してください。",
    "escalation.relativesPush": "ご家族がアラーム通知を受け取れるかどうか（オンまたはオフ）を選択してください。",
    "push.family.title": "{name}さんのアラーム",
    "push.family.raised": "施設で{name}さんの緊急アラームが発生しました。スタッフに通知され、対応しています。",
    "push.family.handled": "スタッフが{name}さんのアラームに対応しました。",
    "push.family.relieved": "{name}さんのアラームは終了しました。",
    "escalation.summaryTime": "時刻を HH:MM（時と分）で入力してください。",
};
