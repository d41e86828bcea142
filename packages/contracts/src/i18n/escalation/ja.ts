import type { EscalationMessages } from './en-us.ts';

/**
 * Messages of the escalation chains (issue 28): refusals of a chain or duty roster, and the
 * line a chain step's push adds. One file per language, spread into that language's server messages.
 */
export const escalationMessagesJa: EscalationMessages = {
  "escalation.afterMinutes": "待ち時間を{min}～{max}の整数（分）で入力してください。",
  "escalation.audience": "このステップで通知する相手を選んでください。",
  "escalation.channels": "チャネルを1つ以上選んでください：アプリのプッシュ、メール、Webhook。",
  "escalation.email": "メールアドレスは name@example.org の形式で入力してください。",
  "escalation.emailsTooMany": "1ステップで送信できるメールアドレスは最大{max}件です。",
  "escalation.emailNeeded": "メールには1つ以上のアドレスが必要です。",
  "escalation.emailUnavailable": "メールを送信できません：サーバーに SMTP_URL が設定されていません。",
  "escalation.steps": "チェーンのステップは最大{max}個です。",
  "escalation.order": "ステップは待ち時間の順に並べてください：前のステップより短い待ち時間にはできません。",
  "escalation.shift": "そのシフトは存在しません：応答時間分析で設定したシフトから選んでください。",
  "escalation.caregiver": "勤務表にはこの施設の介護職員を選んでください。",
  "escalation.rosterTooLong": "1シフトの勤務表は最大{max}名です。",
  "push.escalationStep": "{minutes}分経っても未対応です。",
};
