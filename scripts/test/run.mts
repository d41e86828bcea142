/**
 * `npm test` and its parts: `node --import tsx scripts/test/run.mts [phase …] [-- file …]`, phases
 * typecheck, unit, integration, build, e2e (all of them, in that order, when none is named).
 * Stops at the first phase that fails and prints each phase's wall and CPU time at the end.
 *
 * Unit and integration files run in a few long-lived processes (groups.mts) instead of one process
 * each: loading the server or the console's modules through tsx costs 2–3 s of CPU per process,
 * more than most files' own tests. Browser specs run two at a time, each with its own server,
 * database and Chromium. Files named after `--` (or any argument ending in .ts/.tsx) run alone:
 * only those, in the phases they belong to.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childrenCpuSeconds } from './cpu.mts';
import { groupFiles, writeGroupEntries, type Durations } from './groups.mts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules/.cache/vigil-test');
const DURATIONS = path.join(import.meta.dirname, 'durations.json');
const PHASES = ['typecheck', 'unit', 'integration', 'build', 'e2e'] as const;
type Phase = (typeof PHASES)[number];

/** Test files of a phase: [directories, file name pattern]. */
const SUITES = {
  unit: [['packages/contracts/src', 'packages/client/src', 'packages/web/src', 'packages/web/build-tools', 'packages/app/src'], /\.test\.tsx?$/],
  integration: [['packages/server/src', 'packages/simulator/src'], /\.test\.ts$/],
  e2e: [['e2e/specs'], /\.spec\.ts$/],
} as const;

/** Processes at once: the development machine and CI have two cores. */
const LANES = Number(process.env.VIGIL_TEST_CONCURRENCY ?? 2);

function* walk(directory: string): Generator<string> {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function suiteFiles(suite: keyof typeof SUITES): string[] {
  const [directories, pattern] = SUITES[suite];
  return directories.flatMap((directory) => [...walk(path.join(ROOT, directory))]).filter((file) => pattern.test(file)).map((file) => path.relative(ROOT, file)).sort();
}

/** Runs a command with the terminal's output; resolves with its exit code. */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A durations table from JSON text: the entries that are numbers; {} when it is not a table. */
function parseDurations(text: string): Durations {
  let table: unknown;
  try {
    table = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof table !== 'object' || table === null) return {};
  return Object.fromEntries(Object.entries(table).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

function readDurations(): Durations {
  return fs.existsSync(DURATIONS) ? parseDurations(fs.readFileSync(DURATIONS, 'utf8')) : {};
}

/** Files that install happy-dom's window as globals (packages/web/test/dom.ts) share a process only with each other. */
function environmentOf(file: string): string {
  return /\/test\/dom(\.ts)?['"]/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')) ? 'dom' : 'node';
}

/**
 * Unit or integration files in a few processes (groups.mts), `LANES` at a time, with node's spec
 * reporter. VIGIL_TEST_ISOLATE=1 runs one process per file instead (to tell whether a failure
 * comes from what shares a process); VIGIL_TEST_DURATIONS=write does too, and records what each
 * file took in durations.json (a file's own time: no other file's loading in it).
 */
async function runGrouped(suite: 'unit' | 'integration', files: string[], nodeArgs: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (files.length === 0) return 0;
  const record = process.env.VIGIL_TEST_DURATIONS === 'write' ? path.join(CACHE, `${suite}-durations-${process.pid}.json`) : null;
  const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
  if (record) reporters.push(`--test-reporter=${path.join(import.meta.dirname, 'durations-reporter.mjs')}`, `--test-reporter-destination=${record}`);
  if (record || process.env.VIGIL_TEST_ISOLATE === '1') {
    console.log(`${suite}: ${files.length} files, one process each, ${LANES} at a time`);
    const code = await run(process.execPath, [...nodeArgs, '--test', `--test-concurrency=${LANES}`, ...reporters, ...files], env);
    if (record && code === 0) writeDurations(files, parseDurations(fs.readFileSync(record, 'utf8')));
    return code;
  }
  // Four files per process at least, and three groups per lane: a long group is not left running alone at the end.
  const groups = groupFiles(files, Math.min(LANES * 3, Math.ceil(files.length / 4)), readDurations(), suite === 'unit' ? environmentOf : undefined);
  // Per run: two runs in one checkout (SQLite and PostgreSQL side by side) must not share entry files.
  const directory = path.join(CACHE, `${suite}-${process.pid}`);
  const entries = writeGroupEntries(ROOT, directory, groups);
  console.log(`${suite}: ${files.length} files in ${entries.length} processes, ${LANES} at a time (${path.relative(ROOT, path.dirname(entries[0]))}; VIGIL_TEST_ISOLATE=1 for one process per file)`);
  try {
    return await run(process.execPath, [...nodeArgs, '--test', `--test-concurrency=${LANES}`, ...reporters, ...entries], env);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** Keeps the table to files that exist; the files just run take their new figures (rounded to 0.1 s). */
function writeDurations(ran: readonly string[], measured: Durations): void {
  const table = { ...readDurations() };
  for (const file of Object.keys(table)) if (!fs.existsSync(path.join(ROOT, file))) delete table[file];
  for (const file of ran) table[file] = Math.round((measured[file] ?? 0) * 10) / 10;
  const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
  fs.writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`durations of ${ran.length} files written to ${path.relative(ROOT, DURATIONS)}`);
}

/**
 * `npm run typecheck`'s tsc commands (one per project), `LANES` at a time instead of one after
 * another: each is one single-threaded process, and most of its time is reading and parsing.
 */
async function typecheck(): Promise<number> {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const script = typeof manifest === 'object' && manifest !== null && 'scripts' in manifest && typeof manifest.scripts === 'object' && manifest.scripts !== null && 'typecheck' in manifest.scripts ? manifest.scripts.typecheck : null;
  if (typeof script !== 'string') throw new Error('package.json has no typecheck script');
  const commands = script.split('&&').map((command) => command.trim().split(/\s+/));
  if (!commands.every(([program]) => program === 'tsc')) return run('npm', ['run', '--silent', 'typecheck']);
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const queue = [...commands];
  let failed = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      for (let command = queue.shift(); command; command = queue.shift()) {
        const code = await run(process.execPath, [tsc, ...command.slice(1)]);
        if (code !== 0) failed = code;
      }
    }),
  );
  return failed;
}

async function runPhase(phase: Phase, only: string[] | null): Promise<number> {
  const pick = (suite: keyof typeof SUITES) => {
    const files = suiteFiles(suite);
    return only ? files.filter((file) => only.includes(file)) : files;
  };
  switch (phase) {
    case 'typecheck':
      return typecheck();
    case 'unit':
      return runGrouped('unit', pick('unit'), ['--import', 'tsx', '--import', './packages/web/test/register.ts'], { ...process.env, TSX_TSCONFIG_PATH: 'packages/web/tsconfig.json' });
    case 'integration':
      return runGrouped('integration', pick('integration'), ['--import', 'tsx'], process.env);
    case 'build':
      return run(process.execPath, ['--import', 'tsx', 'scripts/build.mts']);
    case 'e2e': {
      const specs = pick('e2e');
      if (specs.length === 0) return 0;
      console.log(`e2e: ${specs.length} specs, ${LANES} at a time, each with its own server, database and Chromium`);
      return run(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${LANES}`, '--test-reporter=spec', ...specs]);
    }
  }
}

function isPhase(name: string): name is Phase {
  return PHASES.some((phase) => phase === name);
}

function parseArguments(argv: string[]): { phases: Phase[]; only: string[] | null } {
  const phases: Phase[] = [];
  const files: string[] = [];
  for (const argument of argv) {
    if (argument === '--') continue;
    if (/\.tsx?$/.test(argument)) files.push(path.relative(ROOT, path.resolve(argument)));
    else if (isPhase(argument)) phases.push(argument);
    else throw new Error(`unknown argument ${argument}: name phases (${PHASES.join(', ')}) or test files`);
  }
  return { phases: phases.length > 0 ? phases : [...PHASES], only: files.length > 0 ? files : null };
}

function seconds(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(1)} s`;
}

const { phases, only } = parseArguments(process.argv.slice(2));
const timings: { phase: Phase; wall: number; cpu: number | null; code: number }[] = [];
for (const phase of phases) {
  console.log(`\n=== ${phase} ===`);
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  const code = await runPhase(phase, only);
  const cpuAfter = childrenCpuSeconds();
  timings.push({ phase, wall: (performance.now() - started) / 1000, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, code });
  if (code !== 0) break;
}

const failed = timings.find((timing) => timing.code !== 0);
console.log('\nphase         wall        CPU');
for (const { phase, wall, cpu, code } of timings) console.log(`${phase.padEnd(12)} ${seconds(wall).padStart(8)} ${seconds(cpu).padStart(10)}${code === 0 ? '' : '   FAILED'}`);
const total = timings.reduce((sum, timing) => ({ wall: sum.wall + timing.wall, cpu: sum.cpu === null || timing.cpu === null ? null : sum.cpu + timing.cpu }), { wall: 0, cpu: 0 as number | null });
console.log(`${'total'.padEnd(12)} ${seconds(total.wall).padStart(8)} ${seconds(total.cpu).padStart(10)}`);
if (failed) process.exitCode = failed.code;
