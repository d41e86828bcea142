import type { PushMessages } from './en-us.ts';

/**
 * Messages of push to the caregiver app and outbound alarm integrations (issue 28): refusals of
 * a push subscription, and the texts the server writes into a push notification in the
 * subscriber's language. One file per language, spread into that language's server messages.
 */
export const pushMessagesZhCN: PushMessages = {
    'webhook.email': '邮件需要一个 mailto:name@example.org 形式的地址，并且服务器已设置 SMTP_URL。',
    'webhook.url': '请输入 https:// 开头的地址（最多 {max} 个字符），且不能指向本服务器自身的网络。',
    'webhook.events': '请至少选择一种事件：告警产生、已处理或已解除。',
    'webhook.tooMany': '一个养老机构最多可有 {max} 个 Webhook。',
    'push.endpoint': '该推送地址不属于 Vigil 可发送的推送服务（须为已知浏览器推送服务的 HTTPS 地址）。',
    'push.keys': '订阅密钥无效（p256dh：未压缩的 P-256 公钥；auth：16 字节；均为 base64url）。',
    'push.notCaregiver': '只有养老机构的护理员才能在此手机上接收告警。',
    'push.handledBy': '已由 {name} 处理。',
    'push.relieved': '已解除，无需再处理。',
    'push.escalated': '仍未处理：已升级为红色。',
    "family.alertsNotAllowed": "您的养老机构尚未开启家属报警通知。如需接收，请联系机构。",
    "family.alertsChoice": "请选择开启或关闭。",
    "escalation.relativesPush": "请选择家属是否可以接收报警通知：开启或关闭。",
    "push.family.title": "{name}的报警",
    "push.family.raised": "机构为{name}发出了紧急报警。工作人员已收到通知，正在处理。",
    "push.family.handled": "工作人员已处理{name}的报警。",
    "push.family.relieved": "{name}的报警已结束。",
    "escalation.summaryTime": "请按 HH:MM（时和分）输入时间。",
};
