import { testDeviceKeys } from '../../test/device-keys.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { ensureAdministrator } from '../../bootstrap.ts';
import { migrate, openDatabase } from '../../db/database.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { ssoSignature } from './key-store.ts';
import { commonPasswordIn, containsLoginName } from './password-policy.ts';

/** A demo caregiver's app login (its phone's digits). */
const DEMO_CAREGIVER = '44770090500';

describe('app-only accounts on the console', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('the installer gets no console session from the web login, with the no-access message', async () => {
    const result = await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'PC' });
    assert.equal(result.status, Status.WEB_LOGIN_FORBIDDEN);
    assert.equal(result.data, null);
    assert.match(result.msg, /no access to the console/);
    const german = await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD }, { language: 'de' });
    assert.match(german.msg, /keinen Zugriff auf die Konsole/);
  });

  test('a caregiver gets no console session either; both still log in on the app', async () => {
    assert.equal((await server.call(api.login, { userName: DEMO_CAREGIVER, passWord: DEMO_PASSWORD, from: 'PC' })).status, Status.WEB_LOGIN_FORBIDDEN);
    assert.equal((await server.call(api.login, { userName: DEMO_CAREGIVER, passWord: DEMO_PASSWORD, from: 'ANDROID' })).status, Status.OK);
    assert.equal((await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'ANDROID' })).status, Status.OK);
  });

  test('a refused console login does not count as a failed guess', async () => {
    for (let i = 0; i < 6; i++) await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'PC' });
    assert.equal((await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'ANDROID' })).status, Status.OK);
  });
});

describe('a signed-in account that is deleted', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('its next call answers "account cancelled"; a never-issued token still answers 100', async () => {
    const manager = (await server.login('demotwoa')).token;
    const created = await server.call(api.insertAccount, { userName: 'leavingnurse', passWord: 'Care#Home2026', nickName: 'Leaving', role: 'SUB_ROLE', dataPermission: 1 }, { token: manager });
    assert.equal(created.status, Status.OK, created.msg);
    const { token } = await server.login('leavingnurse', 'Care#Home2026');
    assert.equal((await server.call(api.platformInfo, {}, { token })).status, Status.OK);
    const row = (await server.call(api.queryAccountList, { keyWord: 'leavingnurse' }, { token: manager })).data.rows[0];
    assert.equal((await server.call(api.operateAccount, { op: 'delete', id: row.id }, { token: manager })).status, Status.OK);
    const after = await server.call(api.platformInfo, {}, { token });
    assert.equal(after.status, Status.ACCOUNT_CANCELLED);
    assert.match(after.msg, /Account cancelled, please contact the administrator/);
    assert.equal((await server.call(api.platformInfo, {}, { token: 'never-issued' })).status, Status.TOKEN_MISSING);
    assert.equal((await server.call(api.login, { userName: 'leavingnurse', passWord: 'Care#Home2026' })).status, Status.LOGIN_FAILED);
  });
});

describe('fast login is one-time', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  const secret = async () =>
    Buffer.from((await server.vigil.database.db.selectFrom('server_secrets').select('value').where('name', '=', 'sso.secret').executeTakeFirstOrThrow()).value.trim(), 'hex');

  test('a link works once; using it again within its 5 minutes is refused with 108', async () => {
    const timestamp = Date.now();
    const link = { userName: 'demotwob', secretPassword: ssoSignature(await secret(), 'demotwob', timestamp), timestamp };
    assert.equal((await server.call(api.sso, link)).status, Status.OK);
    const again = await server.call(api.sso, link);
    assert.equal(again.status, Status.SSO_INVALID);
    assert.match(again.msg, /fast-login link/);
    const upper = await server.call(api.sso, { ...link, secretPassword: link.secretPassword.toUpperCase() });
    assert.equal(upper.status, Status.SSO_INVALID, 'the same signature in capitals is the same link');
  });

  test('of parallel uses of one link exactly one logs in', async () => {
    const timestamp = Date.now() - 1000;
    const link = { userName: 'demotwoa', secretPassword: ssoSignature(await secret(), 'demotwoa', timestamp), timestamp };
    const results = await Promise.all(Array.from({ length: 4 }, () => server.call(api.sso, link)));
    assert.deepEqual(results.map((result) => result.status).sort(), [Status.OK, Status.SSO_INVALID, Status.SSO_INVALID, Status.SSO_INVALID].sort());
  });
});

describe('password policy', () => {
  test('the login name inside the password is found whatever its case', () => {
    assert.equal(containsLoginName('My#DemoGov2026', 'demogov'), true);
    assert.equal(containsLoginName('Night#Shift2026', 'demogov'), false);
  });

  test('passwords built on common passwords are found, good ones pass', () => {
    assert.equal(commonPasswordIn('Qwerty123!'), 'Qwerty123');
    assert.equal(commonPasswordIn('Sunshine#1'), 'Sunshine');
    assert.equal(commonPasswordIn('Passw0rd!'), 'Passw0rd');
    assert.equal(commonPasswordIn('Demo#2026care'), null);
    assert.equal(commonPasswordIn('Night#Shift2026'), null);
  });
});

describe('password policy wherever a password is set', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('password change refuses the login name and common passwords, saying why', async () => {
    const { token } = await server.login('demogov');
    const withName = await server.call(api.updatePassword, { userName: 'demogov', oldPassWord: DEMO_PASSWORD, newPassWord: 'DemoGov#2026' }, { token });
    assert.equal(withName.status, Status.PASSWORD_WEAK);
    assert.match(withName.msg, /must not contain the login account/);
    const common = await server.call(api.updatePassword, { userName: 'demogov', oldPassWord: DEMO_PASSWORD, newPassWord: 'Sunshine#1' }, { token }, );
    assert.equal(common.status, Status.PASSWORD_WEAK);
    assert.match(common.msg, /"Sunshine" is a commonly used password/);
    const korean = await server.call(api.updatePassword, { userName: 'demogov', oldPassWord: DEMO_PASSWORD, newPassWord: 'Sunshine#1' }, { token, language: 'ko' });
    assert.match(korean.msg, /흔히 쓰이는 비밀번호/);
    await server.login('demogov');
  });

  test('account create refuses them and creates nothing', async () => {
    const { token } = await server.login('demotwoa');
    const withName = await server.call(api.insertAccount, { userName: 'nightdesk', passWord: 'Nightdesk#26', nickName: 'Night desk', role: 'SUB_ROLE', dataPermission: 1 }, { token });
    assert.equal(withName.status, Status.PASSWORD_WEAK);
    const common = await server.call(api.insertAccount, { userName: 'nightdesk', passWord: 'Qwerty123!', nickName: 'Night desk', role: 'SUB_ROLE', dataPermission: 1 }, { token });
    assert.equal(common.status, Status.PASSWORD_WEAK);
    assert.equal((await server.call(api.queryAccountList, { keyWord: 'nightdesk' }, { token })).data.total, 0);
  });

  test('provider create refuses them and creates nothing', async () => {
    const { token } = await server.login('demosenior');
    const common = await server.call(api.insertProvider, { name: 'Harbour Care', userName: 'harbourone', passWord: 'Iloveyou1!' }, { token });
    assert.equal(common.status, Status.PASSWORD_WEAK);
    assert.match(common.msg, /commonly used password/);
    const withName = await server.call(api.insertProvider, { name: 'Harbour Care', userName: 'harbourone', passWord: 'Harbourone#1' }, { token });
    assert.equal(withName.status, Status.PASSWORD_WEAK);
    assert.equal((await server.call(api.login, { userName: 'harbourone', passWord: 'Iloveyou1!' })).status, Status.LOGIN_FAILED);
  });

  test('the first administrator\'s password from the environment is checked too', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-admin-'));
    const database = openDatabase({ databaseUrl: null, dataDir });
    try {
      await migrate(database, testDeviceKeys);
      const print = () => {};
      await assert.rejects(ensureAdministrator(database.db, { adminUser: 'nightadmin', adminPassword: 'Nightadmin#1', print }), /VIGIL_ADMIN_PASSWORD is refused: .*login account/);
      await assert.rejects(ensureAdministrator(database.db, { adminUser: null, adminPassword: 'Trustno1!', print }), /VIGIL_ADMIN_PASSWORD is refused: .*commonly used/);
      await ensureAdministrator(database.db, { adminUser: 'nightadmin', adminPassword: 'Night#Shift2026', print });
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
