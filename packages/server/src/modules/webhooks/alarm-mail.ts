import { formatAlarmText, type WebhookPayload } from '@vigil/contracts';
import nodemailer from 'nodemailer';

/**
 * Email for chosen alarm events (issue 28; docs/webhooks.md "Email"): an integration whose
 * address is `mailto:<address>` is delivered through SMTP (SMTP_URL, e.g.
 * smtp://user:password@mail.example.org:587 or smtps://…:465; SMTP_FROM the sender) with the same
 * persisted deliveries, retries and log as the HTTPS webhooks.
 */
export interface MailConfig {
  smtpUrl: string | null;
  from: string;
}

export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  return { smtpUrl, from: env.SMTP_FROM?.trim() || 'Vigil <vigil@localhost>' };
}

/** A single plain address after `mailto:` (no lists, no headers in the URL). */
export function mailAddressOf(url: string): string | null {
  const match = /^mailto:([^@\s?,;<>"]+@[^@\s?,;<>"]+\.[^@\s?,;<>"]+)$/i.exec(url.trim());
  return match ? decodeURIComponent(match[1]) : null;
}

/** Subject and text of an alarm event's email (English, like the webhook payload). */
export function alarmMail(payload: WebhookPayload): { subject: string; text: string } {
  const { alarm } = payload;
  const who = [alarm.resident.name, alarm.place.address].filter(Boolean).join(', ');
  const level = formatAlarmText('en-us', `level.${alarm.level}`);
  const what =
    payload.event === 'alarm.raised'
      ? 'raised'
      : payload.event === 'alarm.handled'
        ? `handled by ${alarm.handledBy ?? 'someone'}`
        : payload.event === 'alarm.escalated'
          ? payload.escalation && payload.escalation.afterMinutes > 0
            ? `still not handled after ${payload.escalation.afterMinutes} min`
            : payload.escalation
              ? 'raised'
              : 'still not handled: now red'
          : 'relieved';
  const subject = `[Vigil] ${alarm.title} ${what}${who ? ` – ${who}` : ''}`;
  const lines = [
    `${alarm.title}, ${level}: ${what}.`,
    alarm.text,
    '',
    `Care home: ${payload.careHome.name}`,
    `Resident: ${alarm.resident.name || '—'}`,
    `Place: ${alarm.place.address || '—'}`,
    `Raised at: ${new Date(alarm.raisedAt).toISOString()}`,
    alarm.handledAt ? `Handled at: ${new Date(alarm.handledAt).toISOString()} by ${alarm.handledBy ?? ''}` : null,
    alarm.relievedAt ? `Relieved at: ${new Date(alarm.relievedAt).toISOString()}` : null,
    `Device: ${alarm.deviceId}`,
    `Alarm ${alarm.id}, delivery ${payload.id}`,
  ];
  return { subject, text: lines.filter((line): line is string => line !== null).join('\n') };
}

export function alarmMailer(config: MailConfig, timeoutMs: number) {
  if (!config.smtpUrl) return null;
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // A LAN relay may offer STARTTLS with its own certificate: require TLS only with smtps.
    tls: { rejectUnauthorized: url.searchParams.get('tls') !== 'insecure' },
  });
  return {
    async send(to: string, payload: WebhookPayload, deliveryId: string): Promise<void> {
      const { subject, text } = alarmMail(payload);
      await transport.sendMail({ from: config.from, to, subject, text, headers: { 'X-Vigil-Delivery': deliveryId, 'X-Vigil-Event': payload.event } });
    },
    /** A plain-text email (the morning summary). */
    async sendText(to: string, subject: string, text: string, headers: Record<string, string>): Promise<void> {
      await transport.sendMail({ from: config.from, to, subject, text, headers });
    },
    close: () => transport.close(),
  };
}
export type AlarmMailer = NonNullable<ReturnType<typeof alarmMailer>>;
