import net from 'node:net';

/**
 * Webhook settings (docs/webhooks.md):
 * - VIGIL_WEBHOOK_TIMEOUT_MS: how long one POST may take (default 10 s; a slower endpoint counts as failed and is retried).
 * - VIGIL_WEBHOOK_ALLOWED_ORIGINS: origins allowed besides public HTTPS ones (comma list), e.g. an
 *   http:// nurse-call gateway on the care home's LAN, or a test receiver on loopback.
 */
export interface WebhookConfig {
  timeoutMs: number;
  allowedOrigins: string[];
}

export function loadWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  const timeoutMs = Number(env.VIGIL_WEBHOOK_TIMEOUT_MS ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) throw new Error('VIGIL_WEBHOOK_TIMEOUT_MS must be 100–60000');
  const allowedOrigins = (env.VIGIL_WEBHOOK_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      try {
        return new URL(entry).origin;
      } catch {
        throw new Error(`VIGIL_WEBHOOK_ALLOWED_ORIGINS: "${entry}" is not an origin (e.g. http://192.168.1.20:8080)`);
      }
    });
  return { timeoutMs, allowedOrigins };
}

/** Loopback, link-local (cloud metadata), unspecified: never a webhook target unless allowed by origin. */
function internalAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const family = net.isIP(bare);
  if (family === 4) return /^(127\.|0\.|169\.254\.)/.test(bare);
  if (family === 6) return bare === '::1' || bare === '::' || bare.startsWith('fe80:') || bare.startsWith('::ffff:127.') || bare.startsWith('::ffff:169.254.');
  return false;
}

/** Whether a care home may register this URL: HTTPS, no credentials, not this machine; or an allowed origin. */
export function webhookUrlAllowed(text: string, config: Pick<WebhookConfig, 'allowedOrigins'>): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.allowedOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && !internalAddress(url.hostname);
}
