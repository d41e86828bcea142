import fs from 'node:fs';
import crypto from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { ssoSignature } from './key-store.ts';

function encrypt(publicKeyPem: string, password: string): string {
  return crypto
    .publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8'))
    .toString('base64');
}

describe('login', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('a demo account logs in with the plain password and gets its session data', async () => {
    const result = await server.call(api.login, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false });
    assert.equal(result.status, Status.OK);
    assert.equal(result.data.role, 'TWO_ROLE');
    assert.equal(result.data.providerName, 'Sunrise Riverside Home');
    assert.equal(result.data.landingPath, '/realMonitor/index');
    assert.ok(result.data.token.length >= 32);
    assert.ok(result.data.menuList.includes('accountmanager'));
    assert.ok(!result.data.menuList.includes('providermanager'));
  });

  test('the login name is case-insensitive', async () => {
    const result = await server.call(api.login, { userName: 'DemoTwoA', passWord: DEMO_PASSWORD });
    assert.equal(result.status, Status.OK);
  });

  test('rsa: true decrypts an RSA-OAEP SHA-256 password made with the published key', async () => {
    const key = await server.call(api.publicKey, {});
    assert.match(key.data.publicKey, /BEGIN PUBLIC KEY/);
    const result = await server.call(api.login, { userName: 'demosenior', passWord: encrypt(key.data.publicKey, DEMO_PASSWORD), rsa: true });
    assert.equal(result.status, Status.OK);
    assert.equal(result.data.landingPath, '/deviceManage/deviceManage');
  });

  test('rsa: true with ciphertext that does not decrypt is bad input, not a server error', async () => {
    const result = await server.call(api.login, { userName: 'demosenior', passWord: 'bm90IGNpcGhlcnRleHQ=', rsa: true });
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /encrypted password/);
  });

  test('a wrong password and an unknown account both answer 102 with the catalogue message', async () => {
    const wrong = await server.call(api.login, { userName: 'demogov', passWord: 'Wrong#Pass1' });
    const unknown = await server.call(api.login, { userName: 'nobodyhere', passWord: 'Wrong#Pass1' });
    assert.equal(wrong.status, Status.LOGIN_FAILED);
    assert.equal(unknown.status, Status.LOGIN_FAILED);
    assert.equal(wrong.msg, unknown.msg);
    assert.match(wrong.msg, /Wrong account or password/);
  });

  test('messages follow Accept-Language', async () => {
    const german = await server.call(api.login, { userName: 'demogov', passWord: 'Wrong#Pass1' }, { language: 'de' });
    const chinese = await server.call(api.login, { userName: 'demogov', passWord: 'Wrong#Pass1' }, { language: 'zh-CN,zh;q=0.9' });
    const fallback = await server.call(api.login, { userName: 'demogov', passWord: 'Wrong#Pass1' }, { language: 'fr' });
    assert.match(german.msg, /Passwort/);
    assert.match(chinese.msg, /密码/);
    assert.match(fallback.msg, /Wrong account/);
  });

  test('missing fields name the field', async () => {
    const noName = await server.call(api.login, { passWord: 'x' });
    assert.equal(noName.status, Status.BAD_REQUEST);
    assert.match(noName.msg, /Login account/);
    const noPassword = await server.call(api.login, { userName: 'demogov' });
    assert.equal(noPassword.status, Status.BAD_REQUEST);
    assert.match(noPassword.msg, /Password/);
  });

  test('the app login accepts only caregiver, installer and family accounts', async () => {
    const provider = await server.call(api.login, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'ANDROID' });
    assert.equal(provider.status, Status.APP_LOGIN_FORBIDDEN);
    assert.match(provider.msg, /only caregiver, installer and family/);
    const installer = await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'ANDROID' });
    assert.equal(installer.status, Status.OK);
  });

  test('five failures lock the account, even for the right password', async () => {
    for (let i = 0; i < 5; i++) await server.call(api.login, { userName: 'demobusiness', passWord: 'Wrong#Pass1' });
    const locked = await server.call(api.login, { userName: 'demobusiness', passWord: DEMO_PASSWORD });
    assert.equal(locked.status, Status.LOGIN_THROTTLED);
    assert.match(locked.msg, /Too many failed logins/);
    const other = await server.call(api.login, { userName: 'demosuper', passWord: DEMO_PASSWORD });
    assert.equal(other.status, Status.OK, 'another account from the same address still logs in');
  });

  test('the five-guess lock holds for the account from that address only: the caregiver logs in from elsewhere (issue 27)', async () => {
    const login = (passWord: string, remoteAddress: string) =>
      server.vigil.app.inject({ method: 'POST', url: `/api${api.login.path}`, remoteAddress, payload: { userName: 'demogov', passWord, from: 'PC' } }).then((response) => response.json() as { status: number });
    for (let i = 0; i < 5; i++) await login('Wrong#Pass1', '10.9.0.1');
    assert.equal((await login(DEMO_PASSWORD, '10.9.0.1')).status, Status.LOGIN_THROTTLED, 'the guessing address is locked out of the account');
    assert.equal((await login(DEMO_PASSWORD, '10.9.0.2')).status, Status.OK, 'the account itself is not locked');
  });

  test('thirty failures from one address lock that address for every account', async () => {
    for (let i = 0; i < 30; i++) await server.call(api.login, { userName: `guess${i}name`, passWord: 'Wrong#Pass1' });
    const locked = await server.call(api.login, { userName: 'demosuper', passWord: DEMO_PASSWORD });
    assert.equal(locked.status, Status.LOGIN_THROTTLED);
    assert.match(locked.msg, /5 minutes/);
  });

  test('a bad body is HTTP 400 with an envelope, not a 500', async () => {
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/admin/login', payload: '{"userName":', headers: { 'content-type': 'application/json' } });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().status, Status.BAD_REQUEST);
  });
});

describe('sessions', () => {
  let server: TestServer;
  let clock = Date.now();
  before(async () => {
    server = await startTestServer({ demo: true, now: () => clock });
  });
  after(() => server.close());

  test('no token is 100, an unknown token is 100', async () => {
    assert.equal((await server.call(api.platformInfo, {})).status, Status.TOKEN_MISSING);
    assert.equal((await server.call(api.platformInfo, {}, { token: 'made-up' })).status, Status.TOKEN_MISSING);
  });

  test('logout revokes the token: 101 afterwards', async () => {
    const { token } = await server.login('demogov');
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.OK);
    assert.equal((await server.call(api.logout, {}, { token })).status, Status.OK);
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED);
  });

  test('the session slides while used and expires after two idle hours', async () => {
    const { token } = await server.login('demogov');
    clock += 90 * 60_000;
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.OK);
    clock += 90 * 60_000;
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.OK, 'still alive: the earlier call slid the expiry');
    clock += 121 * 60_000;
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.TOKEN_EXPIRED);
  });

  test('platform info describes the signed-in user', async () => {
    const { token } = await server.login('demoone');
    const info = await server.call(api.platformInfo, {}, { token });
    assert.equal(info.data.role, 'ONE_ROLE');
    assert.equal(info.data.platformName, 'Vigil');
    assert.equal(info.data.providerList.length, 2);
    assert.equal(info.data.landingPath, '/realMonitor/index');
  });
});

describe('password change', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('wrong old password is 104 and changes nothing', async () => {
    const { token } = await server.login('demogov');
    const result = await server.call(api.updatePassword, { userName: 'demogov', oldPassWord: 'Nope#12345', newPassWord: 'Fresh#Pass2026' }, { token });
    assert.equal(result.status, Status.OLD_PASSWORD_WRONG);
    await server.login('demogov');
  });

  test('a weak new password is refused with "password security level low"', async () => {
    const { token } = await server.login('demogov');
    const result = await server.call(api.updatePassword, { userName: 'demogov', oldPassWord: DEMO_PASSWORD, newPassWord: 'Admin@123' }, { token });
    assert.equal(result.status, Status.PASSWORD_WEAK);
    assert.match(result.msg, /security level low/);
  });

  for (const [why, password] of [
    ['too short', 'Ab#1'],
    ['too long', 'Abcdefgh#1234567x'],
    ['no digit', 'Abcdefgh#'],
    ['no upper case', 'abcdefg#1'],
    ['no lower case', 'ABCDEFG#1'],
    ['no special character', 'Abcdefg12'],
  ]) {
    test(`a new password with ${why} is refused naming the rule`, async () => {
      const { token } = await server.login('demogov');
      const result = await server.call(api.updatePassword, { userName: 'demogov', oldPassWord: DEMO_PASSWORD, newPassWord: password }, { token });
      assert.equal(result.status, Status.BAD_REQUEST);
      assert.match(result.msg, /8~16 characters/);
      await server.login('demogov');
    });
  }

  test('another account\'s name is refused', async () => {
    const { token } = await server.login('demogov');
    const result = await server.call(api.updatePassword, { userName: 'demosuper', oldPassWord: DEMO_PASSWORD, newPassWord: 'Fresh#Pass2026' }, { token });
    assert.equal(result.status, Status.NO_PERMISSION);
  });

  test('a good change ends every session; the new password logs in, the old one does not', async () => {
    const first = await server.login('demogov');
    const second = await server.login('demogov');
    const key = (await server.call(api.publicKey, {})).data.publicKey;
    const result = await server.call(
      api.updatePassword,
      { userName: 'demogov', oldPassWord: encrypt(key, DEMO_PASSWORD), newPassWord: encrypt(key, 'Fresh#Pass2026'), rsa: true },
      { token: first.token },
    );
    assert.equal(result.status, Status.OK);
    assert.equal((await server.call(api.platformInfo, {}, { token: first.token })).status, Status.TOKEN_EXPIRED);
    assert.equal((await server.call(api.platformInfo, {}, { token: second.token })).status, Status.TOKEN_EXPIRED);
    assert.equal((await server.call(api.login, { userName: 'demogov', passWord: DEMO_PASSWORD })).status, Status.LOGIN_FAILED);
    await server.login('demogov', 'Fresh#Pass2026');
  });
});

describe('fast login (sso)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  /** The installation's fast-login secret (shared by every process: in the database). */
  async function secret(): Promise<Buffer> {
    const row = await server.vigil.database.db.selectFrom('server_secrets').select('value').where('name', '=', 'sso.secret').executeTakeFirstOrThrow();
    return Buffer.from(row.value.trim(), 'hex');
  }

  test('a fresh signature logs in; a stale or forged one is 108', async () => {
    const timestamp = Date.now();
    const good = await server.call(api.sso, { userName: 'demotwob', secretPassword: ssoSignature(await secret(), 'demotwob', timestamp), timestamp });
    assert.equal(good.status, Status.OK);
    assert.equal(good.data.role, 'TWO_ROLE');
    const stale = timestamp - 10 * 60_000;
    const old = await server.call(api.sso, { userName: 'demotwob', secretPassword: ssoSignature(await secret(), 'demotwob', stale), timestamp: stale });
    assert.equal(old.status, Status.SSO_INVALID);
    const forged = await server.call(api.sso, { userName: 'demosenior', secretPassword: ssoSignature(await secret(), 'demotwob', timestamp), timestamp });
    assert.equal(forged.status, Status.SSO_INVALID);
  });

  test('a malformed signature names the field', async () => {
    const result = await server.call(api.sso, { userName: 'demotwob', secretPassword: 'xyz', timestamp: Date.now() });
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /Signature/);
  });
});
