import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../test/harness.ts';
import type { Db } from './database.ts';
import { compiledOnce } from './compiled-once.ts';
import { containsPattern, matchesPattern } from './text-search.ts';

/**
 * Reads built once and run with each call's values, on the run's database (SQLite, or
 * PostgreSQL with DATABASE_URL): every call answers its own values, list lengths and shapes
 * get their own SQL, and a value that would not reach the query as a parameter is refused.
 */
describe('compiledOnce', () => {
  let server: TestServer;
  let db: Db;
  const names = ['Ada', 'Bea', 'Cai', 'Dov', 'Eli'];
  let ids: number[];

  before(async () => {
    server = await startTestServer();
    db = server.vigil.database.db;
    const time = Date.now();
    ids = [];
    for (const name of names) {
      const row = await db
        .insertInto('providers')
        .values({ name: `Home ${name}`, name_key: `home ${name.toLowerCase()}`, code: null, domain: `home-${name.toLowerCase()}`, level: 2, parent_id: null, enabled: 1, created_at: time, updated_at: time, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  after(async () => server?.close());

  test('one build answers every call with its own values', async () => {
    let builds = 0;
    const byId = compiledOnce(db, (p: { id: number }) => {
      builds += 1;
      return db.selectFrom('providers').select('name').where('id', '=', p.id);
    });
    for (const [index, id] of ids.entries()) assert.deepEqual(await byId({ id }), [{ name: `Home ${names[index]}` }]);
    assert.deepEqual(await byId({ id: -1 }), []);
    assert.equal(builds, 1);
  });

  test('a list value: one build per length, each answering its own members', async () => {
    let builds = 0;
    const byIds = compiledOnce(db, (p: { ids: number[]; limit: number }) => {
      builds += 1;
      return db.selectFrom('providers').select('name').where('id', 'in', p.ids).orderBy('id').limit(p.limit);
    });
    assert.deepEqual((await byIds({ ids: [ids[0], ids[2]], limit: 10 })).map((row) => row.name), ['Home Ada', 'Home Cai']);
    assert.deepEqual((await byIds({ ids: [ids[1], ids[4]], limit: 1 })).map((row) => row.name), ['Home Bea']);
    assert.deepEqual((await byIds({ ids: [ids[3]], limit: 10 })).map((row) => row.name), ['Home Dov']);
    assert.equal(builds, 2, 'lengths 2 and 1');
  });

  test('optional parts follow the shape given with the call', async () => {
    const search = compiledOnce(db, (p: { ids: number[]; pattern: string }, shape: { keyWord: boolean }) => {
      let query = db.selectFrom('providers').select('name').where('id', 'in', p.ids).orderBy('id');
      if (shape.keyWord) query = query.where((eb) => matchesPattern(eb.ref('name_key'), p.pattern));
      return query;
    });
    assert.equal((await search({ ids, pattern: '' }, { keyWord: false })).length, 5);
    assert.deepEqual(await search({ ids, pattern: containsPattern('BE') }, { keyWord: true }), [{ name: 'Home Bea' }]);
    // Wildcards in the text are literal, as with containsText.
    assert.deepEqual(await search({ ids, pattern: containsPattern('%') }, { keyWord: true }), []);
  });

  test('a value computed with or written into SQL text is refused at the first call', async () => {
    const computed = compiledOnce(db, (p: { text: string }) => db.selectFrom('providers').select('name').where('name_key', 'like', `%${p.text}%`));
    await assert.rejects(computed({ text: 'ada' }), /must reach the query as a parameter/);
    const raw = compiledOnce(db, (p: { id: number }) => db.selectFrom('providers').select('name').where(sql<boolean>`id = ${sql.raw(String(p.id))}`));
    await assert.rejects(raw({ id: ids[0] }), /must reach the query as a parameter/);
    const arithmetic = compiledOnce(db, (p: { id: number }) => db.selectFrom('providers').select('name').where('id', '=', p.id + 0));
    await assert.rejects(arithmetic({ id: ids[0] }), /must reach the query as a parameter/);
  });
});
