import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SOURCE = path.dirname(fileURLToPath(import.meta.url));
const MODULES = path.join(SOURCE, 'modules');

/** A Kysely query started (`db.selectFrom(`, `trx.updateTable(`, `eb.selectFrom(` …) or raw SQL (`sql\``, `sql.raw(`). */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*`|\bsql\.(raw|ref|lit|table|id|join)\s*\(/;

/** A file's path from the server's src folder, as messages show it. */
const relative = (file: string) => path.relative(SOURCE, file);

/** The src folder a file is under ('modules', 'ingest', 'db' …), or '' at the top. */
const topFolder = (file: string) => {
  const parts = relative(file).split(path.sep);
  return parts.length > 1 ? parts[0] : '';
};

/**
 * Repositories may write SQL; tests and test data builders (*-fixtures.ts) may too, and so may the
 * demo data builders (demo/) and the database layer itself (db/: dialects, migrations, the connection probe).
 */
const mayWriteSql = (file: string) =>
  file.endsWith('.repository.ts') || file.endsWith('.test.ts') || file.endsWith('-fixtures.ts') || topFolder(file) === 'demo' || topFolder(file) === 'db';

/** A repository factory called (`residentRepository(db)`, `gatewayRepository(trx)` …). */
const REPOSITORY_FACTORY = /\b[a-z][A-Za-z]*Repository\s*\(/;

/** The database handle's type or module imported. */
const DATABASE_IMPORT = /from '(\.\.?\/)+db\/database\.ts'/;

/**
 * Wiring files build repositories from the database and hand them to services:
 * routes and module files (`*.routes.ts`, `*-module.ts`, `care-routes.ts`) and command-line entries (`*-cli.ts`).
 */
const isWiring = (file: string) => /(\.routes|-module|-routes|-cli)\.ts$/.test(file);

/** Repositories, tests and fixtures work on the database directly. */
const mayHoldDatabase = (file: string) => mayWriteSql(file) || isWiring(file);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The lines of a file that match a pattern, as "path:line: text". */
function matchingLines(file: string, pattern: RegExp): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => (pattern.test(line) ? [`${relative(file)}:${index + 1}: ${line.trim()}`] : []));
}

/** The lines of a file that run SQL. */
const queryLines = (file: string) => matchingLines(file, QUERY);

describe('layers (ARCHITECTURE.md: the repository is the only code that writes SQL)', () => {
  const files = sourceFiles(SOURCE);

  test('no route, service or helper anywhere in the server (modules, ingest, jobs …) runs a query of its own', () => {
    const offenders = files.filter((file) => !mayWriteSql(file)).flatMap(queryLines);
    assert.deepEqual(offenders, [], `move these queries into a *.repository.ts beside them:\n${offenders.join('\n')}`);
  });

  test('the check sees the queries where they belong (it is not blind)', () => {
    const repositories = files.filter((file) => file.endsWith('.repository.ts'));
    assert.ok(repositories.filter((file) => topFolder(file) === 'modules').length >= 10, 'found too few repositories under modules/');
    assert.ok(repositories.filter((file) => topFolder(file) === 'ingest').length >= 3, 'found too few repositories under ingest/');
    assert.ok(repositories.some((file) => relative(file) === path.join('jobs', 'lease.repository.ts')), 'the check no longer reaches jobs/lease.repository.ts');
    for (const file of repositories) assert.ok(queryLines(file).length > 0, `${relative(file)} runs no query the check recognises`);
    for (const folder of ['demo', 'db']) assert.ok(files.some((file) => topFolder(file) === folder && !file.endsWith('.test.ts') && queryLines(file).length > 0), `no query found under ${folder}/: is its exception still needed?`);
    assert.ok(files.some((file) => relative(file) === path.join('ingest', 'ingest.ts')), 'the check no longer reaches ingest/');
    for (const file of ['ingest/ingest.ts', 'ingest/supervision.ts', 'jobs/scheduler.ts', 'modules/devices/device.service.ts', 'app.ts', 'modules/demo/x.ts']) assert.ok(!mayWriteSql(path.join(SOURCE, file)), file);
    for (const file of ['ingest/device-state.repository.ts', 'ingest/ingest-fixtures.ts', 'demo/seed.ts', 'db/database.ts', 'db/migrations/001-foundation.ts']) assert.ok(mayWriteSql(path.join(SOURCE, file)), file);
    for (const sample of ["db.selectFrom('residents')", "      .updateTable('devices')", "eb.exists(eb.selectFrom('alarms'))", 'sql`lower(name)`', "sql.raw('x')"]) assert.ok(QUERY.test(sample), sample);
    for (const sample of ['residents.findById(id)', '// selects from the table', 'const sqlite = true;']) assert.ok(!QUERY.test(sample), sample);
  });
});

describe('injection (services receive their repositories from the module wiring)', () => {
  const files = sourceFiles(MODULES);

  test('no service or helper under modules/ builds a repository or holds the database', () => {
    const offenders = files.filter((file) => !mayHoldDatabase(file)).flatMap((file) => [...matchingLines(file, REPOSITORY_FACTORY), ...matchingLines(file, DATABASE_IMPORT)]);
    assert.deepEqual(offenders, [], `take these repositories (and a \`transaction\` from db/transactional.ts) as dependencies, built in the module's wiring:\n${offenders.join('\n')}`);
  });

  test('no *.service.ts anywhere in the server (ingest too) builds a repository or holds the database', () => {
    const services = sourceFiles(SOURCE).filter((file) => file.endsWith('.service.ts'));
    const offenders = services.flatMap((file) => [...matchingLines(file, REPOSITORY_FACTORY), ...matchingLines(file, DATABASE_IMPORT)]);
    assert.ok(services.some((file) => !file.startsWith(MODULES)), 'the check no longer reaches services outside modules/');
    assert.deepEqual(offenders, [], `take these repositories as dependencies, built in the wiring (app.ts or the module's):\n${offenders.join('\n')}`);
  });

  test('the check sees the wiring where it belongs (it is not blind)', () => {
    const wiring = files.filter(isWiring);
    assert.ok(wiring.some((file) => matchingLines(file, REPOSITORY_FACTORY).length > 0), 'no wiring file builds a repository the check recognises');
    assert.ok(files.filter((file) => file.endsWith('.service.ts')).length >= 10, 'found too few services');
    for (const sample of ['const beds = bedRepository(db);', 'await residentRepository(trx).findById(id)']) assert.ok(REPOSITORY_FACTORY.test(sample), sample);
    for (const sample of ['beds: BedRepository;', 'ReturnType<typeof residentRepository>', 'repository.findById(id)']) assert.ok(!REPOSITORY_FACTORY.test(sample), sample);
    assert.ok(DATABASE_IMPORT.test("import type { Db } from '../../db/database.ts';"));
    assert.ok(!DATABASE_IMPORT.test("import type { Transactional } from '../../db/transactional.ts';"));
  });
});
