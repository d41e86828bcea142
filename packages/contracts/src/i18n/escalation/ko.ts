import type { EscalationMessages } from './en-us.ts';

/**
 * Messages of the escalation chains (issue 28): refusals of a chain or duty roster, and the
 * line a chain step's push adds. One file per language, spread into that language's server messages.
 */
export const escalationMessagesKo: EscalationMessages = {
  "escalation.afterMinutes": "대기 시간을 {min}~{max} 사이의 정수 분으로 입력하세요.",
  "escalation.audience": "이 단계에서 알릴 대상을 선택하세요.",
  "escalation.channels": "채널을 하나 이상 선택하세요: 앱 푸시, 이메일 또는 웹훅.",
  "escalation.email": "각 이메일 주소를 name@example.org 형식으로 입력하세요.",
  "escalation.emailsTooMany": "한 단계는 최대 {max}개의 주소로 이메일을 보냅니다.",
  "escalation.emailNeeded": "이메일에는 주소가 하나 이상 필요합니다.",
  "escalation.emailUnavailable": "이메일을 보낼 수 없습니다: 서버에 SMTP_URL이 설정되지 않았습니다.",
  "escalation.steps": "체인은 최대 {max}단계입니다.",
  "escalation.order": "대기 시간 순으로 단계를 정렬하세요: 이전 단계보다 짧게 기다릴 수 없습니다.",
  "escalation.shift": "해당 근무조가 없습니다: 응답 시간 분석에 설정된 근무조 중에서 선택하세요.",
  "escalation.caregiver": "근무표에는 이 요양원의 요양보호사를 선택하세요.",
  "escalation.rosterTooLong": "한 근무조의 근무표에는 최대 {max}명의 요양보호사가 들어갑니다.",
  "push.escalationStep": "{minutes}분이 지나도 처리되지 않았습니다.",
};
