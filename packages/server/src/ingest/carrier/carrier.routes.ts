import crypto from 'node:crypto';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { OperationRegistrar } from '../../http/register.ts';
import type { CarrierService } from './carrier.service.ts';

/** Largest push body accepted from the carrier. */
const PUSH_BODY_MAX_BYTES = 256 * 1024;
export const CARRIER_PUSH_PATH = '/api/carrier/push';
/** Seconds the carrier should wait before it sends a refused push again (Retry-After), as a device does. */
const STORE_FAILED_RETRY_AFTER_S = 5;

/** Constant-time comparison of the presented secret with the configured one. */
function secretMatches(presented: string | undefined, secret: string): boolean {
  if (!presented) return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(presented), digest(secret));
}

function presentedSecret(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers['x-carrier-secret'];
  if (typeof header === 'string') return header;
  const authorization = headers.authorization;
  return typeof authorization === 'string' && authorization.startsWith('Bearer ') ? authorization.slice(7) : undefined;
}

/**
 * The carrier adapter's routes: the two sync operations for vendor roles, and the push
 * endpoint the carrier's platform calls with the shared secret (CARRIER_PUSH_SECRET) in
 * `X-Carrier-Secret` or as a bearer token. Without a configured secret every push is refused.
 */
export function carrierRoutes(app: FastifyInstance, routes: OperationRegistrar, carrier: CarrierService, pushSecret: string | null): void {
  routes.secured(api.syncAllThirdDevice, async () => carrier.syncAll());
  routes.secured(api.syncThirdDevice, async (input) => carrier.syncOne(input.deviceId));

  app.post(CARRIER_PUSH_PATH, { bodyLimit: PUSH_BODY_MAX_BYTES }, async (request, reply) => {
    if (!pushSecret || !secretMatches(presentedSecret(request.headers), pushSecret)) {
      return reply.code(401).send({ status: 401, data: null, msg: 'carrier secret missing or wrong' });
    }
    const outcome = await carrier.receive(request.body);
    if (!outcome.ok) {
      // The device log (NATS_URL) did not take it: the carrier sends the push again (the reports already in the log stay one copy).
      void reply.header('retry-after', String(STORE_FAILED_RETRY_AFTER_S));
      return reply.code(503).send({ status: 503, data: { reason: outcome.reason }, msg: request.t('deviceApi.refused', { reason: outcome.reason }) });
    }
    return { status: Status.OK, data: outcome.result, msg: 'ok' };
  });
}
