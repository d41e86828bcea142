import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A test file and what one run of it took, in seconds (scripts/test/durations.json). */
export type Durations = Record<string, number>;

/** Seconds assumed for a file durations.json does not list yet (a new test file). */
const UNKNOWN_SECONDS = 3;

/**
 * Splits test files into about `count` groups of about equal time (longest first, each into the
 * group with the least so far), by the durations recorded in durations.json. Files of different
 * kinds (`kindOf`: say, those that install a browser DOM as globals) never share a group. The same
 * files and table always make the same groups, so a failure that depends on what shares a
 * process reproduces. Groups come longest first: the runner starts them in that order.
 */
export function groupFiles(files: readonly string[], count: number, durations: Durations, kindOf: (file: string) => string = () => ''): string[][] {
  const weighted = [...files].sort().map((file) => ({ file, kind: kindOf(file), seconds: durations[file] ?? UNKNOWN_SECONDS }));
  // At least 1: files that were skipped when durations.json was written weigh 0 seconds.
  const total = Math.max(1, weighted.reduce((sum, entry) => sum + entry.seconds, 0));
  const groups: { files: string[]; seconds: number }[] = [];
  for (const kind of [...new Set(weighted.map((entry) => entry.kind))].sort()) {
    const ofKind = weighted.filter((entry) => entry.kind === kind).sort((a, b) => b.seconds - a.seconds);
    const seconds = ofKind.reduce((sum, entry) => sum + entry.seconds, 0);
    const share = Math.max(1, Math.min(ofKind.length, Math.round((count * seconds) / total)));
    const kindGroups = Array.from({ length: share }, () => ({ files: [] as string[], seconds: 0 }));
    for (const entry of ofKind) {
      const lightest = kindGroups.reduce((least, group) => (group.seconds < least.seconds ? group : least));
      lightest.files.push(entry.file);
      lightest.seconds += entry.seconds;
    }
    groups.push(...kindGroups);
  }
  return groups.sort((a, b) => b.seconds - a.seconds).map((group) => group.files.sort());
}

/**
 * Writes one entry file per group: it loads the group's test files in one node process, so their
 * modules (the server, antd, tsx's compiled sources) load once per group instead of once per file,
 * then node:test runs the files' suites one at a time, in that order. A file that fails to load is
 * reported as a failing test of its own; the others still run.
 */
export function writeGroupEntries(root: string, directory: string, groups: readonly string[][]): string[] {
  fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  return groups.map((files, index) => {
    const entry = path.join(directory, `group-${String(index + 1).padStart(2, '0')}.test.mjs`);
    const list = files.map((file) => `  ${JSON.stringify(pathToFileURL(path.join(root, file)).href)},`).join('\n');
    fs.writeFileSync(
      entry,
      `// Written by scripts/test/run.mts: these test files run in this one process, one after another.
import { before, test } from 'node:test';

const files = [
${list}
];
// No test starts before every file has loaded: loading runs on this thread and would hold up
// the timers of a test already running. (node:test runs the root's before hook ahead of its
// first test; it is a promise already settled for the others.)
let loaded;
const allLoaded = new Promise((resolve) => (loaded = resolve));
before(() => allLoaded);
for (const file of files) {
  try {
    await import(file);
  } catch (error) {
    test(\`\${file} loads\`, () => {
      throw error;
    });
  }
}
loaded();
`,
    );
    return entry;
  });
}
