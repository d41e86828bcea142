/**
 * Sleep-report benchmark (issue 11). Prints figures; asserts nothing.
 *  - one 10-hour 1 Hz night (36,000 samples) analysed, in milliseconds: from sample objects
 *    (as the store returns them) and from typed columns (as the worker receives them);
 *  - accuracy against 30 seeded simulator nights with ground truth (seed 2026; the parameters
 *    were tuned on seed 11, so these nights were not seen while tuning).
 */
import os from 'node:os';
import { analyseNight, toColumns } from '../src/analysis/sleep/index.ts';
import { tenHourNight } from '../src/analysis/sleep/night-builder.ts';
import { accuracyLines, scoreAgainstSimulator } from './sleep-accuracy.ts';
import { benchReportNights } from './report-nights.ts';

const RUNS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function time(label: string, work: () => unknown): void {
  for (let i = 0; i < 20; i += 1) work();
  const times: number[] = [];
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const cpu = process.cpuUsage(cpuStarted);
  times.sort((a, b) => a - b);
  // CPU time per run tells the cost apart from waiting for a core on a shared machine.
  const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
  console.log(`${label}: median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${times.at(-1)?.toFixed(2)} ms; CPU ${cpuMs.toFixed(2)} ms a run (${RUNS} runs, load ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores)`);
}

const samples = tenHourNight(Date.UTC(2026, 2, 1, 20, 0));
const columns = toColumns(samples);
console.log(`night: ${samples.length} samples (${(samples.length / 3600).toFixed(1)} h at 1 Hz)`);
time('one 10-hour 1 Hz night analysed from samples', () => analyseNight(samples));
time('one 10-hour 1 Hz night analysed from typed columns', () => analyseNight(columns));
const result = analyseNight(samples);
if (result.analysed) console.log(`  (score ${result.score.value}, sleep ${result.sleepMinutes} min, deep ${result.deepSharePercent} %, exits ${result.leftBed.count}, AHI ${result.apnea.assessable ? result.apnea.ahi : '-'})`);

console.log('accuracy against the simulator\'s nights (packages/simulator/src/nights):');
for (const line of accuracyLines(scoreAgainstSimulator(2026, 30))) console.log(`  ${line}`);

await benchReportNights();
