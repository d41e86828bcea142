import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const SOURCE = path.resolve(import.meta.dirname, '../..');

function* sources(directory: string): Generator<string> {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/**
 * antd's message.error/success answer a thenable that settles when the toast closes (3 s), and
 * TanStack Query waits for what a mutation's onError/onSuccess/onSettled returns before the
 * mutation settles. A callback written `(error) => feedback.message.error(…)` so kept the dialog's
 * Save spinning, deaf to clicks, for 3 s after a refusal (issue 29: a refused H5 package could
 * not be replaced and saved in the same dialog). Such callbacks show the toast and return nothing.
 */
describe('mutation callbacks', () => {
  it('never return a toast (the mutation would stay pending until it closes)', () => {
    const offenders: string[] = [];
    for (const file of sources(SOURCE)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/on(?:Error|Success|Settled):\s*\([^)]*\)\s*=>\s*(?:feedback\.)?message\.\w+\(/g)) {
        offenders.push(`${path.relative(SOURCE, file)}: ${match[0]}`);
      }
    }
    assert.deepEqual(offenders, []);
  });
});
