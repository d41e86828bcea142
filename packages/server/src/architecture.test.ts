import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

/** A Kysely query started (`db.selectFrom(`, `trx.updateTable(`, `eb.selectFrom(` …) or raw SQL (`sql\``, `sql.raw(`). */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*`|\bsql\.(raw|ref|lit|table|id|join)\s*\(/;

/** Repositories may write SQL; tests and the demo/test data builders (*-fixtures.ts) may too. */
const mayWriteSql = (file: string) => file.endsWith('.repository.ts') || file.endsWith('.test.ts') || file.endsWith('-fixtures.ts');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The lines of a file that run SQL, as "path:line: text". */
function queryLines(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => (QUERY.test(line) ? [`${path.relative(MODULES, file)}:${index + 1}: ${line.trim()}`] : []));
}

describe('layers (ARCHITECTURE.md: the repository is the only code that writes SQL)', () => {
  const files = sourceFiles(MODULES);

  test('no route, service or helper under modules/ runs a query of its own', () => {
    const offenders = files.filter((file) => !mayWriteSql(file)).flatMap(queryLines);
    assert.deepEqual(offenders, [], `move these queries into the module's *.repository.ts:\n${offenders.join('\n')}`);
  });

  test('the check sees the queries where they belong (it is not blind)', () => {
    const repositories = files.filter((file) => file.endsWith('.repository.ts'));
    assert.ok(repositories.length >= 10, `found only ${repositories.length} repositories under ${MODULES}`);
    for (const file of repositories) assert.ok(queryLines(file).length > 0, `${path.relative(MODULES, file)} runs no query the check recognises`);
    for (const sample of ["db.selectFrom('residents')", "      .updateTable('devices')", "eb.exists(eb.selectFrom('alarms'))", 'sql`lower(name)`', "sql.raw('x')"]) assert.ok(QUERY.test(sample), sample);
    for (const sample of ['residents.findById(id)', '// selects from the table', 'const sqlite = true;']) assert.ok(!QUERY.test(sample), sample);
  });
});
