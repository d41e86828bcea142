import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { metricsAccess } from './metrics-access.ts';
import type { Metrics } from './metrics.ts';

/** What /api/ready answers: HTTP 200 when Vigil can serve, 503 when its database does not answer. */
export interface Readiness {
  ready: boolean;
  database: {
    dialect: string;
    ok: boolean;
    /** PostgreSQL only: open, idle and waiting. */
    pool?: { total: number; idle: number; waiting: number };
  };
}

/**
 * Operations endpoints for orchestrators and monitoring, outside the API envelope:
 * readiness (`/api/ready`, beside the contract's `/api/health`) and Prometheus metrics (`/metrics`).
 */
export function opsRoutes(app: FastifyInstance, options: { metrics: Metrics; database: DatabaseHandle; metricsToken: string | null }): void {
  const { metrics, database, metricsToken } = options;

  app.get('/api/ready', async (_request, reply) => {
    const ok = await database.ping();
    const pool = database.poolStats();
    const body: Readiness = { ready: ok, database: { dialect: database.dialect, ok, ...(pool ? { pool } : {}) } };
    return reply.code(ok ? 200 : 503).header('cache-control', 'no-store').send(body);
  });

  app.get('/metrics', async (request, reply) => {
    const access = metricsAccess(request, metricsToken);
    if (access === 'needs-token') return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('metrics need the bearer token (METRICS_TOKEN)\n');
    if (access === 'loopback-only') return reply.code(403).type('text/plain').send('metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere\n');
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(await metrics.render());
  });
}
