import type { Db } from '../../db/database.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import { dayFiguresRepository } from './day-figures.repository.ts';
import { governmentAssignments } from './government-assignments.ts';
import { snapshotWriter, STATISTICS_JOB_EVERY_MS } from './snapshot-writer.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { statisticsRepository } from './statistics.repository.ts';
import { statisticsService } from './statistics.service.ts';

/** Issue 13 on the server: the /bigData calls and the 00:00 snapshot job (docs/statistics.md). */
export function statisticsModule(deps: { routes: OperationRegistrar; db: Db; now: () => number; platformTimeZone: () => Promise<string> }) {
  const statistics = statisticsRepository(deps.db);
  const writer = snapshotWriter({ statistics, figures: dayFiguresRepository(deps.db), platformTimeZone: deps.platformTimeZone });
  const service = statisticsService({ statistics, writer, now: deps.now, platformTimeZone: deps.platformTimeZone });
  statisticsRoutes(deps.routes, service, governmentAssignments(statistics), () => writer.writeDue(deps.now()), deps.now);
  return {
    writer,
    /** A care home's time zone (its own, else the platform's), for the analytics. */
    zoneOfProvider: (providerId: number) => service.zoneOfProvider(providerId),
    /**
     * The nightly snapshots: checked every 5 minutes, so each care home's lands just after its 00:00.
     * Not at start: a fresh install's first viewer gets a snapshot of the data as it is then (writeFirst),
     * never one counted before the demo or an import filled the tables.
     */
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({ name: 'statistics-snapshots', schedule: { everyMs: STATISTICS_JOB_EVERY_MS }, run: async ({ now }) => void (await writer.writeDue(now)) });
    },
  };
}
