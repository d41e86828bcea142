import { parseArgs } from 'node:util';
import { ReportDateSchema } from '@vigil/contracts';
import type { WorkerPool } from '../../workers/pool.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';
import { dailyReportMaker } from './daily-reports.ts';
import type { ReportRepository } from './report.repository.ts';
import type { TelemetryReader } from './telemetry-reader.ts';

/** The command line of `npm run reports:reanalyse -- --from YYYY-MM-DD --to YYYY-MM-DD [--provider id]`. */
export interface ReanalyseRange {
  from: string;
  to: string;
  providerId?: number;
}

/** Reads the command's arguments; throws an Error that says what is wrong and how to call it. */
export function parseReanalyseArgs(args: string[]): ReanalyseRange {
  const usage = 'usage: npm run reports:reanalyse -- --from YYYY-MM-DD --to YYYY-MM-DD [--provider <id>]';
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' }, provider: { type: 'string' } }, strict: true });
  const from = ReportDateSchema.safeParse(values.from);
  const to = ReportDateSchema.safeParse(values.to);
  if (!from.success || !to.success) throw new Error(`--from and --to must be dates written YYYY-MM-DD\n${usage}`);
  if (from.data > to.data) throw new Error(`--from must not be after --to\n${usage}`);
  const provider = values.provider === undefined ? undefined : Number(values.provider);
  if (provider !== undefined && (!Number.isInteger(provider) || provider <= 0)) throw new Error(`--provider must be a provider id (a positive whole number)\n${usage}`);
  return { from: from.data, to: to.data, providerId: provider };
}

/** What a re-analysis works with: the report and settings repositories, the telemetry store and the analysis workers. */
export interface ReanalyseDeps {
  reports: ReportRepository;
  settings: SettingsRepository;
  telemetry: TelemetryReader;
  workers: WorkerPool;
  now: number;
  onFailure?: (residentId: number, error: unknown) => void;
}

/** Re-analyses the range from the telemetry store into the daily and monthly reports (docs/sleep-analysis.md). */
export async function reanalyseReports(deps: ReanalyseDeps, range: ReanalyseRange) {
  const maker = dailyReportMaker({
    reports: deps.reports,
    settings: deps.settings,
    telemetry: deps.telemetry,
    workers: deps.workers,
    concurrency: 2,
    onFailure: (resident, error) => deps.onFailure?.(resident.residentId, error),
  });
  return maker.reanalyse(range, deps.now);
}
