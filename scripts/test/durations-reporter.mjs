/**
 * A node:test reporter that answers one JSON object: each test file (relative to the repository)
 * and the seconds its top-level suites and tests took. `VIGIL_TEST_DURATIONS=write npm test` uses
 * it to refresh durations.json, which the runner groups files by. Plain JavaScript: node loads
 * reporters before `--import tsx` applies.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** @param {AsyncIterable<{ type: string, data?: { nesting?: number, file?: string, details?: { duration_ms?: number } } }>} source */
export default async function* durationsReporter(source) {
  /** @type {Record<string, number>} */
  const seconds = {};
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details } = event.data ?? {};
    if (nesting !== 0 || !file || typeof details?.duration_ms !== 'number') continue;
    const relative = path.relative(ROOT, file.startsWith('file:') ? new URL(file).pathname : file);
    seconds[relative] = (seconds[relative] ?? 0) + details.duration_ms / 1000;
  }
  yield `${JSON.stringify(seconds)}\n`;
}
