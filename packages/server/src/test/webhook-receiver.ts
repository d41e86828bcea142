import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from './arrivals.ts';

/**
 * A webhook receiver on loopback for tests, doing what a nurse-call gateway must (docs/webhooks.md):
 * checks X-Vigil-Signature (HMAC-SHA256 of "<t>.<body>" with the shared secret, t within 5 minutes)
 * and records each request. Per path: `/ok` answers 200, `/flaky` 500 to the first request of each
 * delivery then 200, `/hang` never answers.
 */
export interface ReceivedHook {
  path: string;
  receivedAt: number;
  delivery: string;
  event: string;
  signatureValid: boolean;
  body: Record<string, unknown>;
}

export async function startWebhookReceiver(secretOf: () => Map<string, string>) {
  const hooks = arrivals<ReceivedHook>();
  const seen = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (path === '/hang') {
        hanging.add(response);
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = String(request.headers['x-vigil-signature'] ?? '');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      const secret = secretOf().get(path) ?? '';
      let signatureValid = false;
      if (match && Math.abs(Date.now() / 1000 - Number(match[1])) < 300) {
        const expected = crypto.createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest();
        signatureValid = crypto.timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
      }
      const delivery = String(request.headers['x-vigil-delivery'] ?? '');
      hooks.add({ path, receivedAt: Date.now(), delivery, event: String(request.headers['x-vigil-event'] ?? ''), signatureValid, body: JSON.parse(raw) as Record<string, unknown> });
      if (!signatureValid) {
        response.writeHead(401).end();
      } else if (path === '/flaky' && !seen.has(delivery)) {
        seen.add(delivery);
        response.writeHead(500).end();
      } else {
        response.writeHead(200).end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received: hooks.received,
    waitFor(match: (hook: ReceivedHook) => boolean, timeoutMs = 5000): Promise<ReceivedHook> {
      return hooks.waitFor(match, timeoutMs, () => `no matching webhook request within ${timeoutMs} ms (received ${hooks.received.length})`);
    },
    hangingCount: () => hanging.size,
    async close() {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
