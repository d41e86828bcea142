/**
 * `npm run build`: builds the console, the app and the server (in that order), unless nothing
 * they are built from changed since this checkout last built them. `npm test` builds before its
 * browser tests and CI runs it twice (SQLite, then PostgreSQL), so the second run, `npm run demo`
 * after `npm test`, and a restarted demo skip a minute of building the same bytes again.
 *
 * What counts as changed: any file under packages/ (outside node_modules, dist and data), the root
 * package.json, package-lock.json and tsconfig files, the environment the builds read
 * (VIGIL_APP_BUILD, VITE_*), or the built files themselves (a package built on its own since, a
 * dist removed). The record is node_modules/.cache/vigil-build/last.json, written only after a
 * build that succeeded. VIGIL_BUILD=always builds anyway.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const RECORD = path.join(ROOT, 'node_modules/.cache/vigil-build/last.json');
const WORKSPACES = ['@vigil/web', '@vigil/app', '@vigil/server'];
/** A file each build writes last or always: their times tell whether a build ran since the record. */
const OUTPUTS = ['packages/web/dist/index.html', 'packages/app/dist/index.html', 'packages/server/dist/main.js', 'packages/server/dist/demo.js'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'data']);
const ROOT_FILES = /^(package(-lock)?\.json|tsconfig[\w.-]*\.json)$/;

function* sourceFiles(directory: string): Generator<string> {
  const entries = fs.readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.isFile()) yield full;
  }
}

function inputsDigest(): string {
  const hash = createHash('sha256');
  const rootFiles = fs.readdirSync(ROOT).filter((name) => ROOT_FILES.test(name)).sort().map((name) => path.join(ROOT, name));
  for (const file of [...rootFiles, ...sourceFiles(path.join(ROOT, 'packages'))]) {
    hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  const environment = Object.entries(process.env).filter(([name]) => name === 'VIGIL_APP_BUILD' || name.startsWith('VITE_')).sort(([a], [b]) => (a < b ? -1 : 1));
  return hash.update(JSON.stringify(environment)).digest('hex');
}

/** The built files' modification times, or null when one is missing. */
function outputTimes(): number[] | null {
  const times: number[] = [];
  for (const file of OUTPUTS) {
    const stat = fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false });
    if (!stat) return null;
    times.push(stat.mtimeMs);
  }
  return times;
}

interface BuildRecord {
  inputs: string;
  outputs: number[];
}

/** The record of the last build that succeeded; null when there is none (or it cannot be read: build). */
function lastBuild(): BuildRecord | null {
  let record: unknown;
  try {
    record = JSON.parse(fs.readFileSync(RECORD, 'utf8'));
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null || !('inputs' in record) || !('outputs' in record)) return null;
  const { inputs, outputs } = record;
  if (typeof inputs !== 'string' || !Array.isArray(outputs) || !outputs.every((time) => typeof time === 'number')) return null;
  return { inputs, outputs };
}

const inputs = inputsDigest();
const last = lastBuild();
const outputs = outputTimes();
if (process.env.VIGIL_BUILD !== 'always' && last && outputs && last.inputs === inputs && JSON.stringify(last.outputs) === JSON.stringify(outputs)) {
  console.log('Build: up to date (nothing it is made from changed since the last build; VIGIL_BUILD=always builds anyway).');
} else {
  fs.rmSync(RECORD, { force: true });
  for (const workspace of WORKSPACES) {
    try {
      execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    } catch (error) {
      // npm has printed why; no record, so the next build starts over.
      process.exit(typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 1);
    }
  }
  const built = outputTimes();
  if (!built) throw new Error(`the build did not write ${OUTPUTS.join(', ')}`);
  fs.mkdirSync(path.dirname(RECORD), { recursive: true });
  fs.writeFileSync(RECORD, JSON.stringify({ inputs, outputs: built } satisfies BuildRecord));
}
