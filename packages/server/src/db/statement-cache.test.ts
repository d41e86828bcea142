import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { cachingStatements } from './statement-cache.ts';

describe('SQLite statement cache', () => {
  function counted(size: number) {
    const connection = new SQLite(':memory:');
    let prepared = 0;
    const counting = {
      prepare: (text: string) => {
        prepared += 1;
        return connection.prepare(text);
      },
      close: () => connection.close(),
    };
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: cachingStatements(counting, size) }) });
    return { db, prepared: () => prepared };
  }

  test('a query run again with other values is prepared once and answers the new values', async () => {
    const { db, prepared } = counted(10);
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (let id = 1; id <= 5; id++) await db.insertInto('t').values({ id, name: `n${id}` }).execute();
    const before = prepared();
    const names = [];
    for (let id = 1; id <= 5; id++) names.push((await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name);
    assert.deepEqual(names, ['n1', 'n2', 'n3', 'n4', 'n5']);
    assert.equal(prepared() - before, 1);
    await db.destroy();
  });

  test('past its size the least recently used text is prepared again, the others are kept', async () => {
    const { db, prepared } = counted(2);
    const one = () => sql`select 1 as v`.execute(db);
    const two = () => sql`select 2 as v`.execute(db);
    const three = () => sql`select 3 as v`.execute(db);
    await one();
    await two();
    await one();
    await three();
    const before = prepared();
    await one();
    assert.equal(prepared(), before, 'recently used: still cached');
    await two();
    assert.equal(prepared(), before + 1, 'evicted: prepared again');
    assert.deepEqual((await three()).rows, [{ v: 3 }]);
    await db.destroy();
  });
});
