import { TEST_DEVICE_KEY_SECRET } from '../../test/device-keys.ts';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { sql } from 'kysely';
import { buildApp, type Vigil } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_PASSWORD, seedDemo } from '../../demo/seed.ts';
import { freshPostgres, startTestServer, type Envelope, type TestServer } from '../../test/harness.ts';
import { changesSessionScope, sessionCache } from './session-cache.ts';

const NEW_PASSWORD = 'Care#Home2026';

/**
 * Sessions are resolved once and cached (session → account → provider → children): every
 * change that ends a session or changes its scope must reach the very next request. Each
 * test uses a session first (so it is cached), changes something, and expects the next
 * request to see the change; without the cache's invalidation they answer the old session.
 */
describe('cached sessions follow every change at once', () => {
  let server: TestServer;
  let providerId: (name: string) => Promise<number>;
  before(async () => {
    server = await startTestServer({ demo: true });
    const { db } = server.vigil.database;
    providerId = async (name) => (await db.selectFrom('providers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  });
  after(() => server.close());

  const expectOk = (result: Envelope<unknown>) => assert.equal(result.status, Status.OK, result.msg);
  /** Two calls: the first may resolve from the database, the second is served from the cache. */
  async function useTwice(token: string): Promise<void> {
    expectOk(await server.call(api.platformInfo, {}, { token }));
    expectOk(await server.call(api.platformInfo, {}, { token }));
  }

  test('the cache is really used: a row changed behind the query builder (raw SQL) shows only after a watched change', async () => {
    const { token } = await server.login('demotwob');
    await useTwice(token);
    const { db } = server.vigil.database;
    await sql`update sessions set revoked = 1 where account_id = (select id from accounts where user_name = 'demotwob')`.execute(db);
    expectOk(await server.call(api.platformInfo, {}, { token }));
    const manager = (await server.login('demoone')).token;
    const twoA = await providerId('Sunrise Riverside Home');
    expectOk(await server.call(api.updateProvider, { id: twoA, name: 'Sunrise Riverside Home', code: 'SUN-RIV' }, { token: manager }));
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED);
  });

  test('logout, then the same token is refused', async () => {
    const { token } = await server.login('demotwob');
    await useTwice(token);
    expectOk(await server.call(api.logout, {}, { token }));
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED);
  });

  test('an account disabled, its password reset or deleted: its next request is refused', async () => {
    const manager = (await server.login('demotwoa')).token;
    await useTwice(manager);
    const created = await server.call(api.insertAccount, { userName: 'cachednurse', passWord: NEW_PASSWORD, nickName: 'Cached', role: 'SUB_ROLE', dataPermission: 1 }, { token: manager });
    expectOk(created);
    const id = created.data.id;

    let { token } = await server.login('cachednurse', NEW_PASSWORD);
    await useTwice(token);
    expectOk(await server.call(api.operateAccount, { op: 'disable', id }, { token: manager }));
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED);
    expectOk(await server.call(api.operateAccount, { op: 'enable', id }, { token: manager }));
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED, 'enabling again does not bring the session back');

    ({ token } = await server.login('cachednurse', NEW_PASSWORD));
    await useTwice(token);
    const reset = await server.call(api.operateAccount, { op: 'resetPassword', id }, { token: manager });
    expectOk(reset);
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED);

    ({ token } = await server.login('cachednurse', reset.data?.password ?? ''));
    await useTwice(token);
    expectOk(await server.call(api.operateAccount, { op: 'delete', id }, { token: manager }));
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.ACCOUNT_CANCELLED);
  });

  test('a provider disabled: its accounts are refused at once; enabled again, they log in anew', async () => {
    const owner = (await server.login('demoone')).token;
    await useTwice(owner);
    const { token } = await server.login('demotwob');
    await useTwice(token);
    const twoB = await providerId('Sunrise Hillside Home');
    expectOk(await server.call(api.operateProvider, { id: twoB, enabled: false }, { token: owner }));
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED);
    expectOk(await server.call(api.operateProvider, { id: twoB, enabled: true }, { token: owner }));
    await useTwice((await server.login('demotwob')).token);
  });

  test('a class II provider created: the class I session includes it at once; deleted: its accounts are refused at once', async () => {
    const owner = (await server.login('demoone')).token;
    await useTwice(owner);
    const created = await server.call(api.insertProvider, { name: 'Sunrise Lakeside Home', userName: 'demolake', passWord: NEW_PASSWORD }, { token: owner });
    expectOk(created);
    // The account may be placed in the new provider only if the session's scope already has it.
    expectOk(await server.call(api.insertAccount, { userName: 'lakenurse', passWord: NEW_PASSWORD, nickName: 'Lake', role: 'SUB_ROLE', dataPermission: 1, providerId: created.data.id }, { token: owner }));

    const { token } = await server.login('lakenurse', NEW_PASSWORD);
    await useTwice(token);
    expectOk(await server.call(api.operateAccount, { op: 'delete', id: (await server.call(api.queryAccountList, { keyWord: 'lakenurse' }, { token: owner })).data.rows[0].id }, { token: owner }));
    const lake = (await server.login('demolake', NEW_PASSWORD)).token;
    await useTwice(lake);
    expectOk(await server.call(api.deleteProvider, { id: created.data.id }, { token: owner }));
    assert.equal((await server.call(api.platformInfo, {}, { token: lake })).status, Status.TOKEN_EXPIRED);
  });

  test('a class I user switching provider is answered in the new one at once', async () => {
    const owner = (await server.login('demoone')).token;
    const before = (await server.call(api.platformInfo, {}, { token: owner })).data;
    const other = before.providerList.find((entry) => entry.providerId !== before.providerId && entry.available);
    assert.ok(other, 'a second available class II provider');
    await useTwice(owner);
    expectOk(await server.call(api.changeProvider, { domain: other.domain }, { token: owner }));
    assert.equal((await server.call(api.platformInfo, {}, { token: owner })).data.providerId, other.providerId);
  });
});

describe('which writes drop the session cache', () => {
  test('revocations, account and provider changes do; touches, logins and new accounts do not', async () => {
    const server = await startTestServer();
    try {
      const { db } = server.vigil.database;
      const drops = (query: { compile(): { query: Parameters<typeof changesSessionScope>[0] } }) => changesSessionScope(query.compile().query);
      assert.equal(drops(db.updateTable('sessions').set({ last_seen_at: 1, expires_at: 2 }).where('token_hash', '=', 'x')), false);
      assert.equal(drops(db.updateTable('sessions').set({ revoked: 1 }).where('token_hash', '=', 'x')), true);
      assert.equal(drops(db.updateTable('sessions').set({ current_provider_id: 3 }).where('token_hash', '=', 'x')), true);
      assert.equal(drops(db.deleteFrom('sessions').where('expires_at', '<', 1)), true);
      assert.equal(drops(db.insertInto('sessions').values({ token_hash: 'x', account_id: 1, current_provider_id: null, socket_key: 'y', created_at: 1, last_seen_at: 1, expires_at: 2, revoked: 0 })), false);
      assert.equal(drops(db.updateTable('accounts').set({ enabled: 0 }).where('id', '=', 1)), true);
      assert.equal(drops(db.deleteFrom('accounts').where('id', '=', 1)), true);
      assert.equal(drops(db.updateTable('providers').set({ enabled: 0 }).where('id', '=', 1)), true);
      assert.equal(drops(db.updateTable('providers as p').set({ parent_id: 2 }).where('p.id', '=', 1)), true);
      assert.equal(drops(db.deleteFrom('providers').where('id', '=', 1)), true);
      assert.equal(drops(db.updateTable('residents').set({ name: 'x' }).where('id', '=', 1)), false);
      assert.equal(drops(db.selectFrom('accounts').selectAll()), false);
    } finally {
      await server.close();
    }
  });

  test('a resolution that overlapped a change is not kept; entries end after the TTL', () => {
    let time = 0;
    const cache = sessionCache({ ttlMs: 5_000, clock: () => time });
    const entry = { session: { created_at: 0, last_seen_at: 0, expires_at: 1 }, info: { tokenHash: 'a' } as never };
    const since = cache.generation();
    cache.clear();
    cache.store('a', entry, since);
    assert.equal(cache.get('a'), undefined);
    cache.store('a', entry, cache.generation());
    assert.ok(cache.get('a'));
    time = 5_000;
    assert.equal(cache.get('a'), undefined);
  });
});

/**
 * Two Vigil processes' worth of apps on one PostgreSQL database and one Redis: a session
 * cached in B is refused by B as soon as A ends it or disables its account or provider.
 * Without the bus's `auth.changed`, B would answer from its cache until the TTL (5 s).
 */
describe('cached sessions across processes (PostgreSQL + Redis)', { skip: process.env.DATABASE_URL ? false : 'PostgreSQL only (DATABASE_URL)' }, () => {
  const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
  let database: { url: string; drop: () => Promise<void> };
  const apps: Vigil[] = [];
  const dirs: string[] = [];
  before(async () => {
    database = await freshPostgres(process.env.DATABASE_URL?.trim() ?? '');
    const channel = `vigil:test:sessions:${crypto.randomBytes(6).toString('hex')}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
      dirs.push(dataDir);
      const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0', VIGIL_ADMIN_USER: 'testadmin', VIGIL_ADMIN_PASSWORD: 'Test#Admin2026', VIGIL_DEVICE_KEY_SECRET: TEST_DEVICE_KEY_SECRET, DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: channel });
      apps.push(await buildApp(config, { print: () => {} }));
      if (i === 0) await seedDemo(apps[0].database.db, Date.now, { deviceKeys: apps[0].deviceKeys });
    }
  });
  after(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function call(vigil: Vigil, operation: api.Operation, payload: Record<string, unknown>, token?: string): Promise<Envelope<any>> {
    const headers = token ? { 's-token': token } : {};
    const url = `/api${operation.path}`;
    const response = operation.method === 'GET' ? await vigil.app.inject({ method: 'GET', url, headers }) : await vigil.app.inject({ method: 'POST', url, payload, headers });
    return response.json();
  }
  const login = async (vigil: Vigil, userName: string) => (await call(vigil, api.login, { userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false })).data.token as string;
  /** Polls B for up to one second (the event crosses Redis), well inside the 5 s TTL. */
  async function refusedSoon(vigil: Vigil, token: string): Promise<number> {
    const start = Date.now();
    for (;;) {
      const { status } = await call(vigil, api.platformInfo, {}, token);
      if (status !== Status.OK || Date.now() - start > 1_000) return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  test('logout in A: B refuses the token', async () => {
    const [a, b] = apps;
    const token = await login(a, 'demotwob');
    for (let i = 0; i < 2; i++) assert.equal((await call(b, api.platformInfo, {}, token)).status, Status.OK);
    assert.equal((await call(a, api.logout, {}, token)).status, Status.OK);
    assert.equal(await refusedSoon(b, token), Status.TOKEN_EXPIRED);
  });

  test('a provider disabled in A: B refuses its accounts', async () => {
    const [a, b] = apps;
    const owner = await login(a, 'demoone');
    const token = await login(a, 'demotwoa');
    for (let i = 0; i < 2; i++) assert.equal((await call(b, api.platformInfo, {}, token)).status, Status.OK);
    const twoA = await a.database.db.selectFrom('providers').select('id').where('name', '=', 'Sunrise Riverside Home').executeTakeFirstOrThrow();
    assert.equal((await call(a, api.operateProvider, { id: twoA.id, enabled: false }, owner)).status, Status.OK);
    assert.equal(await refusedSoon(b, token), Status.TOKEN_EXPIRED);
  });
});
