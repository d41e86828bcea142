import { openDeviceKeySeal } from '../../ingest/device-key-seal.ts';
import os from 'node:os';
import { loadConfig } from '../../config.ts';
import { migrate, openDatabase } from '../../db/database.ts';
import { telemetryStore } from '../../ingest/telemetry-store.ts';
import { createWorkerPool } from '../../workers/pool.ts';
import { parseReanalyseArgs, reanalyseReports } from './reanalyse.ts';
import { reportRepository } from './report.repository.ts';
import { settingsRepository } from '../system/settings.repository.ts';

/**
 * `npm run reports:reanalyse -- --from 2026-11-01 --to 2026-11-20 [--provider 3]`: analyses the
 * nights again after an algorithm change, against the database of the environment (DATABASE_URL
 * or VIGIL_DATA_DIR, as the server). Safe while the server runs: reports are replaced in place.
 */
async function main(): Promise<void> {
  let range;
  try {
    range = parseReanalyseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config);
  await migrate(database, openDeviceKeySeal(config.dataDir, config.deviceKeySecret));
  const workers = createWorkerPool({
    size: Math.max(1, Math.min(4, os.availableParallelism() - 1)), queueLimit: 64, timeLimitMs: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 10_000, warm: 0,
  });
  const started = performance.now();
  try {
    const result = await reanalyseReports({
      reports: reportRepository(database.db), settings: settingsRepository(database.db), telemetry: telemetryStore(database.db, { now: Date.now }), workers, now: Date.now(),
      onFailure: (residentId, error) => console.error(`resident ${residentId}: ${error instanceof Error ? error.message : String(error)}`),
    }, range);
    console.log(`Re-analysed ${result.made} nights from ${range.from} to ${range.to}${range.providerId ? ` (provider ${range.providerId})` : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s; ${result.failed} failed.`);
    process.exitCode = result.failed > 0 ? 1 : 0;
  } finally {
    await workers.close();
    await database.close();
  }
}

await main();
