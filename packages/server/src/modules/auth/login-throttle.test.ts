import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/** Sends one login over real HTTP and answers the body status. */
async function httpLogin(base: string, userName: string, password: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${base}/api${api.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ userName, passWord: password, from: 'PC', rsa: false }),
  });
  const body: { status: number } = await response.json();
  return body.status;
}

const count = (statuses: number[], status: number) => statuses.filter((value) => value === status).length;

describe('login throttling under parallel guesses (real HTTP)', () => {
  let server: TestServer;
  let base: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.vigil.app.server.address() as AddressInfo;
    base = `http://127.0.0.1:${address.port}`;
  });
  after(() => server.close());

  test('40 parallel wrong guesses at one account: at most 5 are evaluated, the rest meet the lock', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => httpLogin(base, 'demobusiness', `Wrong#Guess${i}`)));
    assert.ok(count(statuses, Status.LOGIN_FAILED) <= 5, `evaluated ${count(statuses, Status.LOGIN_FAILED)} guesses`);
    assert.equal(count(statuses, Status.LOGIN_FAILED) + count(statuses, Status.LOGIN_THROTTLED), 40, `unexpected statuses ${statuses.join(',')}`);
    assert.equal(await httpLogin(base, 'demobusiness', DEMO_PASSWORD), Status.LOGIN_THROTTLED, 'the right password is locked out too');
  });

  test('40 parallel guesses at different accounts from one address: at most 30 are evaluated', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => httpLogin(base, `burstguess${i}`, 'Wrong#Guess1')));
    assert.ok(count(statuses, Status.LOGIN_FAILED) <= 30, `evaluated ${count(statuses, Status.LOGIN_FAILED)} guesses`);
    assert.equal(count(statuses, Status.LOGIN_FAILED) + count(statuses, Status.LOGIN_THROTTLED), 40);
    assert.equal(await httpLogin(base, 'demosuper', DEMO_PASSWORD), Status.LOGIN_THROTTLED);
  });
});

describe('login throttling: good logins give their try back', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('four failures and a good login leave the account with its full five tries', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await server.call(api.login, { userName: 'demogov', passWord: 'Wrong#Pass1' })).status, Status.LOGIN_FAILED);
    await server.login('demogov');
    for (let i = 0; i < 4; i++) assert.equal((await server.call(api.login, { userName: 'demogov', passWord: 'Wrong#Pass1' })).status, Status.LOGIN_FAILED);
    await server.login('demogov');
  });

  test('many good logins from one address never lock it', async () => {
    for (let i = 0; i < 31; i++) await server.login('demosuper');
  });
});

describe('client addresses behind proxies', () => {
  test('by default X-Forwarded-For is ignored: forged addresses still meet the address lock', async () => {
    const server = await startTestServer({ demo: true });
    try {
      for (let i = 0; i < 30; i++) {
        const response = await server.vigil.app.inject({
          method: 'POST',
          url: `/api${api.login.path}`,
          payload: { userName: `proxyguess${i}`, passWord: 'Wrong#Pass1' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        assert.equal(response.json().status, Status.LOGIN_FAILED);
      }
      const locked = await server.vigil.app.inject({
        method: 'POST',
        url: `/api${api.login.path}`,
        payload: { userName: 'demosuper', passWord: DEMO_PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      assert.equal(locked.json().status, Status.LOGIN_THROTTLED);
    } finally {
      await server.close();
    }
  });

  test('with TRUST_PROXY naming the proxy, each forwarded client has its own address lock', async () => {
    const server = await startTestServer({ demo: true, env: { TRUST_PROXY: '127.0.0.1/32' } });
    try {
      for (let i = 0; i < 30; i++) {
        await server.vigil.app.inject({
          method: 'POST',
          url: `/api${api.login.path}`,
          payload: { userName: `proxyguess${i}`, passWord: 'Wrong#Pass1' },
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
      }
      const other = await server.vigil.app.inject({
        method: 'POST',
        url: `/api${api.login.path}`,
        payload: { userName: 'demosuper', passWord: DEMO_PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      assert.equal(other.json().status, Status.OK, 'another client behind the proxy still logs in');
      const guesser = await server.vigil.app.inject({
        method: 'POST',
        url: `/api${api.login.path}`,
        payload: { userName: 'demosuper', passWord: DEMO_PASSWORD },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      assert.equal(guesser.json().status, Status.LOGIN_THROTTLED, 'the guessing client is locked');
    } finally {
      await server.close();
    }
  });
});
