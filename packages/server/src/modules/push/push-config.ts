/**
 * Web Push settings (docs/app.md "Push"):
 * - VIGIL_PUSH_SUBJECT: the VAPID contact (mailto: or https:), which push services use to reach
 *   the operator; Apple refuses pushes whose subject is not a real contact.
 * - VIGIL_PUSH_SERVICE_ORIGINS: further origins a subscription's endpoint may have (comma list,
 *   e.g. a self-hosted push service). The built-in list holds the browsers' push services, HTTPS
 *   only: the server POSTs to the endpoint, so an arbitrary one would let a caller aim it anywhere.
 * - VIGIL_PUSH_TIMEOUT_MS: how long one request to a push service may take (default 10 s).
 */
export interface PushConfig {
  subject: string;
  extraOrigins: string[];
  timeoutMs: number;
}

export function loadPushConfig(env: NodeJS.ProcessEnv): PushConfig {
  const subject = env.VIGIL_PUSH_SUBJECT?.trim() || 'mailto:push@vigil.invalid';
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VIGIL_PUSH_SUBJECT must be a mailto: address or an https:// URL');
  const extraOrigins = (env.VIGIL_PUSH_SERVICE_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`VIGIL_PUSH_SERVICE_ORIGINS: "${entry}" is not an origin (e.g. https://push.example.org)`);
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`VIGIL_PUSH_SERVICE_ORIGINS: "${entry}" is not http(s)`);
      return url.origin;
    });
  const timeoutMs = Number(env.VIGIL_PUSH_TIMEOUT_MS ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) throw new Error('VIGIL_PUSH_TIMEOUT_MS must be 100–60000');
  return { subject, extraOrigins, timeoutMs };
}

/** Hosts of the browsers' push services (Chrome/Android: FCM; Safari/iOS: Apple; Firefox; Edge). */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^android\.googleapis\.com$/, /(^|\.)push\.apple\.com$/, /^updates\.push\.services\.mozilla\.com$/, /(^|\.)notify\.windows\.com$/];

/** Whether the server may POST to this subscription endpoint. */
export function endpointAllowed(endpoint: string, config: Pick<PushConfig, 'extraOrigins'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
