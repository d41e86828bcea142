import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { hashPassword } from '../modules/auth/password-hash.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

/** Over a real HTTP socket: the console's JSON operations and the login. */
describe('strict row IDs and who gets a console session', () => {
  let server: TestServer;
  let base: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    base = await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => server.close());

  async function post(path: string, body: unknown, options: { token?: string; language?: string } = {}) {
    const response = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.token ? { 's-token': options.token } : {}), ...(options.language ? { 'accept-language': options.language } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { status: number; msg: string; data: unknown };
  }

  test('an ID is a positive integer: booleans, arrays, hex, exponents and blanks are refused and change nothing', async () => {
    const token = (await server.login('demosenior')).token;
    const { db } = server.vigil.database;
    const provider = await db.selectFrom('accounts').select(['id', 'provider_id', 'password_hash']).where('is_provider_login', '=', 1).orderBy('provider_id').executeTakeFirstOrThrow();
    const providerId = provider.provider_id ?? 0;
    for (const id of [true, [[providerId]], [providerId], `0x${providerId.toString(16)}`, `${providerId}e0`, ` ${providerId}`, '', null, 1.5, -1, 0, { id: providerId }]) {
      const answer = await post(api.restProviderPwd.path, { id }, { token });
      assert.equal(answer.status, Status.BAD_REQUEST, `id ${JSON.stringify(id)}: ${answer.msg}`);
      assert.ok(answer.msg.length > 0);
    }
    const after = await db.selectFrom('accounts').select('password_hash').where('id', '=', provider.id).executeTakeFirstOrThrow();
    assert.equal(after.password_hash, provider.password_hash, 'no password was reset');
    // Digits as text still work (query strings and forms are text), and so does a number.
    const detail = await fetch(`${base}/api${api.getDevice.path}?id=999999`, { headers: { 's-token': token } });
    assert.equal(((await detail.json()) as { status: number }).status, Status.NOT_FOUND);
    const reset = await post(api.restProviderPwd.path, { id: providerId }, { token });
    assert.equal(reset.status, Status.OK, reset.msg);
  });

  test('a family (RELATIVES) account gets no console session, with a message in every language', async () => {
    const { db } = server.vigil.database;
    const provider = await db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwoa').executeTakeFirstOrThrow();
    const userName = 'rel8613900000077';
    await db.insertInto('accounts').values({
      user_name: userName, user_name_key: userName, password_hash: await hashPassword(DEMO_PASSWORD), role: 'RELATIVES', nick_name: 'Family',
      data_permission: null, provider_id: provider.provider_id, is_provider_login: 0, enabled: 1, created_at: Date.now(), updated_at: Date.now(),
    }).execute();
    const messages = new Set<string>();
    for (const language of ['en-US', 'de', 'it', 'cs', 'ja', 'ko', 'zh-CN']) {
      const answer = await post(api.login.path, { userName, passWord: DEMO_PASSWORD, from: 'PC' }, { language });
      assert.equal(answer.status, Status.WEB_LOGIN_FORBIDDEN, `${language}: ${answer.msg}`);
      assert.ok(answer.msg.length > 10);
      messages.add(answer.msg);
    }
    assert.equal(messages.size, 7, 'one message per language');
    assert.match([...messages][0] ?? '', /family account/);
    const sessions = await db.selectFrom('sessions').innerJoin('accounts', 'accounts.id', 'sessions.account_id').select('token_hash').where('accounts.user_name', '=', userName).execute();
    assert.equal(sessions.length, 0);
  });
});
