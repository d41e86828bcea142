import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export type MetricsAccess = 'allowed' | 'needs-token' | 'loopback-only';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || plain.startsWith('127.');
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends `Authorization: Bearer <token>`.
 * Without it: only a direct connection from this machine. The socket's own address counts,
 * never X-Forwarded-For (trustProxy would believe it), and a request that came through a
 * proxy on this machine is refused, so a reverse proxy does not publish the metrics by accident.
 */
export function metricsAccess(request: FastifyRequest, token: string | null): MetricsAccess {
  if (token) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match && sameSecret(match[1], token) ? 'allowed' : 'needs-token';
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return isLoopback(request.socket.remoteAddress) && !forwarded ? 'allowed' : 'loopback-only';
}
