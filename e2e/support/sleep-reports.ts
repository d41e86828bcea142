import { SLEEP_MONITOR_DEFAULTS } from '@vigil/contracts';
import { generateNight } from '@vigil/simulator';
import { openDatabase } from '../../packages/server/src/db/database.ts';
import { dailyReportMaker, monitorSettings } from '../../packages/server/src/modules/reports/daily-reports.ts';
import { memoryTelemetry } from '../../packages/server/src/modules/reports/report-fixtures.ts';
import { reportRepository } from '../../packages/server/src/modules/reports/report.repository.ts';
import { localDate, previousDate, zonedInstant } from '../../packages/server/src/modules/reports/zoned-time.ts';
import { settingsRepository } from '../../packages/server/src/modules/system/settings.repository.ts';
import { createWorkerPool } from '../../packages/server/src/workers/pool.ts';
import type { RunningVigil } from './vigil.ts';

const MINUTE = 60_000;

/** A seeded resident: who, and the mornings (dates) their reports cover. */
export interface SeededResident {
  residentId: number;
  name: string;
  /** Mornings with a simulated night (analysed), oldest first. */
  nights: string[];
}

/**
 * Sleep reports for the e2e server the way the nightly job makes them: the simulator's nights
 * (packages/simulator, with their own truth) stand in for the telemetry store, and the
 * server's own report job (dailyReportMaker: analysis in the worker pool, daily and monthly
 * rows) runs once per morning. `full` gets a night every morning of `mornings`; `sparse` only
 * the last `sparseNights` (its other mornings come out "no data"), so its month has too few.
 * The demo's own reports of these residents (none, or empty ones the live job made without
 * telemetry) are cleared first so every seeded morning is made from a simulated night.
 */
export async function seedSleepReports(vigil: RunningVigil, options: { home: string; mornings: number; sparseNights: number }): Promise<{ full: SeededResident; sparse: SeededResident; month: string }> {
  // The demo writes its 14 nights of history in the background after it starts listening, and
  // replaces those nights' reports when done: seeding before it finishes would be overwritten.
  await vigil.waitForOutput(/Demo sleep history: (\d+ simulated nights|every one)|Demo sleep history failed/);
  const handle = openDatabase({ databaseUrl: vigil.databaseUrl, dataDir: vigil.dataDir });
  const workers = createWorkerPool({ size: 1, queueLimit: 64, timeLimitMs: 60_000, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 5_000, warm: 0 });
  try {
    const { db } = handle;
    const repository = reportRepository(db);
    const settings = settingsRepository(db);
    const timeZone = (await settings.get('timeZone')) ?? 'UTC';
    const provider = await db.selectFrom('providers').select('id').where('name', '=', options.home).executeTakeFirstOrThrow();
    const monitored = (await repository.monitoredResidents()).filter((resident) => resident.providerId === provider.id);
    if (monitored.length < 2) throw new Error(`${options.home} has ${monitored.length} residents with a sleep monitor; the e2e needs 2`);
    const [full, sparse] = monitored;
    const names = await db.selectFrom('residents').select(['id', 'name']).where('id', 'in', [full.residentId, sparse.residentId]).execute();
    const nameOf = (id: number) => names.find((row) => row.id === id)?.name ?? '';
    await db.deleteFrom('daily_reports').where('resident_id', 'in', [full.residentId, sparse.residentId]).execute();
    await db.deleteFrom('monthly_reports').where('resident_id', 'in', [full.residentId, sparse.residentId]).execute();

    // Mornings whose report is due, all in one month (early in a month: the previous month's last days).
    const schedule = monitorSettings(full.settings).sleepSchedule ?? SLEEP_MONITOR_DEFAULTS.sleepSchedule;
    let last = localDate(Date.now(), timeZone);
    if (zonedInstant(last, schedule.wakeTime, timeZone) + 11 * MINUTE > Date.now()) last = previousDate(last);
    if (Number(last.slice(8)) < options.mornings) last = previousDate(`${last.slice(0, 8)}01`);
    const mornings = [last];
    while (mornings.length < options.mornings) mornings.unshift(previousDate(mornings[0]));

    const telemetry = memoryTelemetry();
    const seeded = { full: [] as string[], sparse: [] as string[] };
    mornings.forEach((date, index) => {
      const wake = zonedInstant(date, schedule.wakeTime, timeZone);
      const bedDate = schedule.bedTime > schedule.wakeTime ? previousDate(date) : date;
      const bedTime = zonedInstant(bedDate, schedule.bedTime, timeZone);
      const night = (seed: number) => generateNight({ seed, bedTime: bedTime + 20 * MINUTE, riseTime: wake - 25 * MINUTE }).samples(bedTime - 30 * MINUTE, wake + 10 * MINUTE);
      telemetry.add(full.deviceId, night(2026_11 + index));
      seeded.full.push(date);
      if (index >= mornings.length - options.sparseNights) {
        telemetry.add(sparse.deviceId, night(7_000 + index));
        seeded.sparse.push(date);
      }
    });
    const mine = new Set([full.residentId, sparse.residentId]);
    const reports = { ...repository, monitoredResidents: async () => (await repository.monitoredResidents()).filter((resident) => mine.has(resident.residentId)) };
    const maker = dailyReportMaker({ reports, settings, telemetry, workers });
    for (const date of mornings) {
      const result = await maker.makeDailyReports(zonedInstant(date, schedule.wakeTime, timeZone) + 11 * MINUTE);
      if (result.failed > 0) throw new Error(`${result.failed} reports of ${date} failed`);
    }
    return {
      full: { residentId: full.residentId, name: nameOf(full.residentId), nights: seeded.full },
      sparse: { residentId: sparse.residentId, name: nameOf(sparse.residentId), nights: seeded.sparse },
      month: last.slice(0, 7),
    };
  } finally {
    await workers.close();
    await handle.close();
  }
}
