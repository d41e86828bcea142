import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Builds the server to plain JavaScript in dist/, run with `node dist/main.js`.
 * Our own TypeScript (the server and the @vigil/contracts workspace, which ships as
 * TS source) is bundled; every npm dependency stays an import from node_modules, so
 * native modules (better-sqlite3) and packages that read their own files keep working.
 *
 * Entry points: main.ts (`npm start`), demo.ts (`npm run demo`), and everything that
 * runs in a worker thread: every `*.worker.ts` (a thread's entry) and every `*-tasks.ts`
 * (a task module the worker pool loads by URL, see workers/task-module.ts) under src/,
 * each emitted as dist/<name>.js beside main.js. So such a file is found with
 * `new URL('./<name>.js', import.meta.url)` from the bundle and `./<name>.ts` from the
 * source; a new worker or task module needs no change here.
 */
const root = import.meta.dirname;
const manifest: { dependencies?: Record<string, string> } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@vigil/'));

function workerEntryPoints(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.worker.ts') && !(file.endsWith('-tasks.ts') && !file.endsWith('-test-tasks.ts'))) continue;
    const name = path.basename(file, '.ts');
    if (entries[name]) throw new Error(`two workers are named ${name}: worker and task file names must be unique`);
    entries[name] = path.join(root, 'src', file);
  }
  return entries;
}

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts'), demo: path.join(root, 'src/demo.ts'), ...workerEntryPoints() },
  outdir: path.join(root, 'dist'),
  bundle: true,
  splitting: true,
  // Shared code lands beside main.js, so import.meta.url means dist/ in every file (workers, ../package.json).
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
