import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { PdfRenderer } from '../../pdf/renderer.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { analyticsService } from './analytics.service.ts';
import { HANDOVER_JOB_EVERY_MS, handoverSummaries } from './handover.ts';
import { handoverPdf } from './handover-pdf.ts';

/** Response-time analytics and the night handover: routes and the nightly handover job. */
export function analyticsModule(deps: { routes: OperationRegistrar; db: Db; now: () => number; pdf: PdfRenderer; log: FastifyBaseLogger; timeZone: (providerId: number) => Promise<string> }) {
  const repository = analyticsRepository(deps.db);
  const analytics = analyticsService({ repository, timeZone: deps.timeZone, now: deps.now });
  const handover = handoverSummaries({ repository, analytics, timeZone: deps.timeZone, now: deps.now });
  analyticsRoutes(deps.routes, analytics, handover, handoverPdf(repository, deps.pdf));
  return {
    analytics,
    handover,
    /** Stores each care home's handover summary within minutes after its night shift ends (single leader). */
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({
        name: 'night-handover',
        schedule: { everyMs: HANDOVER_JOB_EVERY_MS },
        runAtStart: true,
        run: async ({ now }) => void (await handover.storeDue(now, (providerId, error) => deps.log.warn({ err: error, providerId }, 'night handover: not stored this run'))),
      });
    },
  };
}
