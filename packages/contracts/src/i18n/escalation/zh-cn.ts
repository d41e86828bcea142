import type { EscalationMessages } from './en-us.ts';

/**
 * Messages of the escalation chains (issue 28): refusals of a chain or duty roster, and the
 * line a chain step's push adds. One file per language, spread into that language's server messages.
 */
export const escalationMessagesZhCN: EscalationMessages = {
  "escalation.afterMinutes": "请输入{min}到{max}之间的整数分钟作为等待时间。",
  "escalation.audience": "请选择此步骤通知的人员。",
  "escalation.channels": "请至少选择一个渠道：应用推送、邮件或Webhook。",
  "escalation.email": "请按 name@example.org 的格式输入每个邮箱地址。",
  "escalation.emailsTooMany": "每个步骤最多发送给{max}个邮箱地址。",
  "escalation.emailNeeded": "邮件渠道至少需要一个地址。",
  "escalation.emailUnavailable": "无法发送邮件：服务器未设置 SMTP_URL。",
  "escalation.steps": "一条升级链最多{max}个步骤。",
  "escalation.order": "请按等待时间排列步骤：后一步的等待时间不能短于前一步。",
  "escalation.shift": "该班次不存在：请选择响应时间分析中设置的班次。",
  "escalation.caregiver": "请选择本机构的护理员加入值班表。",
  "escalation.rosterTooLong": "每个班次的值班表最多{max}名护理员。",
  "push.escalationStep": "{minutes}分钟后仍未处理。",
};
