import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
import pg from 'pg';
import { freshPostgres } from '../test/harness.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Db } from './database.ts';
import { namingPool, statementName } from './named-statements.ts';

const baseUrl = process.env.DATABASE_URL?.trim();

interface ProbeDb {
  probe: { id: number; label: string };
}

/**
 * PostgreSQL only (DATABASE_URL): compiledOnce reads run as named prepared statements on a
 * real server. The pool has one connection, so its session's pg_prepared_statements are
 * the ones these reads made.
 */
describe('named prepared statements (PostgreSQL)', { skip: baseUrl ? false : 'PostgreSQL only: set DATABASE_URL' }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  let db: Kysely<ProbeDb>;
  /** compiledOnce is typed against Vigil's schema; the probe table stands in for it here. */
  const once = <P extends object, O>(build: (params: P) => Compilable<O>) => compiledOnce(db as unknown as Db, build) as (params: P) => Promise<O[]>;
  const prepared = async () => (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;

  before(async () => {
    database = await freshPostgres(baseUrl ?? '');
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    db = new Kysely<ProbeDb>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
    await sql`create table probe (id integer primary key, label text not null)`.execute(db);
    await sql`insert into probe values (1, 'one'), (2, 'two'), (3, 'three')`.execute(db);
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });

  test('a compiledOnce read is parsed once per connection and answers each call its own values', async () => {
    const label = once((p: { id: number }) => db.selectFrom('probe').select('label').where('id', '=', p.id));
    assert.deepEqual(await label({ id: 1 }), [{ label: 'one' }]);
    assert.deepEqual(await label({ id: 3 }), [{ label: 'three' }]);
    const named = (await prepared()).filter((row) => row.statement.includes('"probe"'));
    assert.equal(named.length, 1, 'one prepared statement for both calls');
    assert.equal(named[0].name, statementName(named[0].statement));
  });

  test('a query Kysely builds each time stays unnamed', async () => {
    await db.selectFrom('probe').select('id').where('label', '=', 'two').execute();
    assert.equal((await prepared()).filter((row) => row.statement.includes('"label" = $1')).length, 0);
  });

  test('a schema change under a prepared statement: the read answers the new columns, run unnamed', async () => {
    const all = once((p: { id: number }) => db.selectFrom('probe').selectAll().where('id', '>=', p.id).orderBy('id'));
    assert.deepEqual(await all({ id: 2 }), [{ id: 2, label: 'two' }, { id: 3, label: 'three' }]);
    await sql`alter table probe add column note text`.execute(db);
    // PostgreSQL refuses the prepared `select *` now ("cached plan must not change result type").
    assert.deepEqual(await all({ id: 3 }), [{ id: 3, label: 'three', note: null }] as unknown[]);
    assert.deepEqual(await all({ id: 1 }), [{ id: 1, label: 'one', note: null }, { id: 2, label: 'two', note: null }, { id: 3, label: 'three', note: null }]);
  });
});
