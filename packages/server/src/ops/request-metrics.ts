import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/** Latency buckets in seconds: the API answers in milliseconds; exports and imports take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts every HTTP request by method, route pattern (`/api/files/:name`, never the raw
 * URL, so ids and query strings do not multiply the series) and status code, with its latency.
 * Paths that match no route count as `unmatched`.
 */
export function instrumentRequests(app: FastifyInstance, metrics: Metrics): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = metrics.counter({ name: 'vigil_http_requests_total', help: 'HTTP requests answered, by route pattern and status code', labelNames });
  const duration = metrics.histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by route pattern and status code',
    labelNames,
    buckets: LATENCY_BUCKETS,
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
