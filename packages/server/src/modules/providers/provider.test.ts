import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const GOOD_PASSWORD = 'Care#Home2026';

async function providerId(server: TestServer, token: string, name: string): Promise<number> {
  const list = await server.call(api.queryProviderList, { keyWord: name, pageSize: 50 }, { token });
  const found = list.data.rows.find((row) => row.name === name);
  assert.ok(found, `provider ${name} is listed`);
  return found.id;
}

describe('provider management', () => {
  let server: TestServer;
  let senior: string;
  let one: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    senior = (await server.login('demosenior')).token;
    one = (await server.login('demoone')).token;
  });
  after(() => server.close());

  test('a vendor role creates a class I provider with its login; the login lands on provider management', async () => {
    const created = await server.call(api.insertProvider, { name: 'Harbour Care', code: 'HAR-1', userName: 'harbourone', passWord: GOOD_PASSWORD }, { token: senior });
    assert.equal(created.status, Status.OK);
    const detail = await server.call(api.getProvider, { id: created.data.id }, { token: senior });
    assert.equal(detail.data.level, 1);
    assert.equal(detail.data.userName, 'harbourone');
    const login = await server.login('harbourone', GOOD_PASSWORD);
    assert.equal(login.role, 'ONE_ROLE');
    assert.deepEqual(login.providerList, []);
    assert.equal(login.landingPath, '/permission/providermanager', 'no class II provider yet');
  });

  test('a class I provider creates class II providers under itself only', async () => {
    const created = await server.call(api.insertProvider, { name: 'Sunrise Lakeside Home', userName: 'lakesidetwo', passWord: GOOD_PASSWORD }, { token: one });
    assert.equal(created.status, Status.OK);
    const detail = await server.call(api.getProvider, { id: created.data.id }, { token: one });
    assert.equal(detail.data.level, 2);
    assert.equal(detail.data.parentName, 'Sunrise Care Group');
    const harbour = await providerId(server, senior, 'Harbour Care');
    const elsewhere = await server.call(api.insertProvider, { name: 'Sneaky Home', parentId: harbour, userName: 'sneakytwo', passWord: GOOD_PASSWORD }, { token: one });
    assert.equal(elsewhere.status, Status.BAD_REQUEST);
    assert.match(elsewhere.msg, /Superior provider/);
  });

  test('provider names are unique, ignoring case; nothing is written on refusal', async () => {
    const before = await server.call(api.queryProviderList, { pageSize: 100 }, { token: senior });
    const duplicate = await server.call(api.insertProvider, { name: 'sunrise care GROUP', userName: 'dupname1', passWord: GOOD_PASSWORD }, { token: senior });
    assert.equal(duplicate.status, Status.CONFLICT);
    assert.match(duplicate.msg, /provider name already exists/);
    const after = await server.call(api.queryProviderList, { pageSize: 100 }, { token: senior });
    assert.equal(after.data.total, before.data.total);
    assert.equal((await server.call(api.login, { userName: 'dupname1', passWord: GOOD_PASSWORD })).status, Status.LOGIN_FAILED, 'no login account was made');
  });

  test('the login name must be free, 6–64 letters or digits', async () => {
    const taken = await server.call(api.insertProvider, { name: 'Another Home', userName: 'demotwoa', passWord: GOOD_PASSWORD }, { token: senior });
    assert.equal(taken.status, Status.CONFLICT);
    assert.match(taken.msg, /login account already exists/);
    for (const userName of ['short', 'has space1', 'ünïcode12', 'x'.repeat(65)]) {
      const bad = await server.call(api.insertProvider, { name: 'Another Home', userName, passWord: GOOD_PASSWORD }, { token: senior });
      assert.equal(bad.status, Status.BAD_REQUEST, userName);
      assert.match(bad.msg, /6~64/);
    }
  });

  test('name and password rules name their field', async () => {
    const noName = await server.call(api.insertProvider, { name: '  ', userName: 'validname1', passWord: GOOD_PASSWORD }, { token: senior });
    assert.equal(noName.status, Status.BAD_REQUEST);
    assert.match(noName.msg, /Provider name must be 1~64/);
    const weak = await server.call(api.insertProvider, { name: 'Weak Home', userName: 'validname1', passWord: 'Admin@123' }, { token: senior });
    assert.equal(weak.status, Status.PASSWORD_WEAK);
    const badFormat = await server.call(api.insertProvider, { name: 'Weak Home', userName: 'validname1', passWord: 'abc' }, { token: senior });
    assert.equal(badFormat.status, Status.BAD_REQUEST);
    assert.match(badFormat.msg, /8~16/);
  });

  test('class II providers cannot manage providers at all', async () => {
    const { token } = await server.login('demotwoa');
    const result = await server.call(api.queryProviderList, {}, { token });
    assert.equal(result.status, Status.NO_PERMISSION);
    assert.match(result.msg, /No permission/);
  });

  test('a class I provider sees only its own class II providers', async () => {
    const list = await server.call(api.queryProviderList, { pageSize: 100 }, { token: one });
    const names = list.data.rows.map((row) => row.name).sort();
    assert.deepEqual(names, ['Sunrise Hillside Home', 'Sunrise Lakeside Home', 'Sunrise Riverside Home']);
    const harbour = await providerId(server, senior, 'Harbour Care');
    assert.equal((await server.call(api.getProvider, { id: harbour }, { token: one })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.operateProvider, { id: harbour, enabled: false }, { token: one })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.deleteProvider, { id: harbour }, { token: one })).status, Status.NOT_FOUND);
    const own = await providerId(server, senior, 'Sunrise Care Group');
    assert.equal((await server.call(api.operateProvider, { id: own, enabled: false }, { token: one })).status, Status.NOT_FOUND, 'not even itself');
  });

  test('renaming keeps names unique', async () => {
    const hill = await providerId(server, one, 'Sunrise Hillside Home');
    const clash = await server.call(api.updateProvider, { id: hill, name: 'Sunrise Riverside Home' }, { token: one });
    assert.equal(clash.status, Status.CONFLICT);
    const renamed = await server.call(api.updateProvider, { id: hill, name: 'Sunrise Hillside House', code: 'SUN-HIL' }, { token: one });
    assert.equal(renamed.status, Status.OK);
    await server.call(api.updateProvider, { id: hill, name: 'Sunrise Hillside Home', code: 'SUN-HIL' }, { token: one });
  });

  test('disabling a provider ends its sessions and blocks its login on web and app', async () => {
    const lakeside = await providerId(server, one, 'Sunrise Lakeside Home');
    const session = await server.login('lakesidetwo', GOOD_PASSWORD);
    assert.equal((await server.call(api.operateProvider, { id: lakeside, enabled: false }, { token: one })).status, Status.OK);
    assert.equal((await server.call(api.platformInfo, {}, { token: session.token })).status, Status.TOKEN_EXPIRED);
    const web = await server.call(api.login, { userName: 'lakesidetwo', passWord: GOOD_PASSWORD });
    assert.equal(web.status, Status.ACCOUNT_INVALID);
    const info = await server.call(api.platformInfo, {}, { token: one });
    assert.equal(info.data.providerList.find((p) => p.providerName === 'Sunrise Lakeside Home')?.available, false);
    assert.equal((await server.call(api.operateProvider, { id: lakeside, enabled: true }, { token: one })).status, Status.OK);
    assert.equal((await server.call(api.login, { userName: 'lakesidetwo', passWord: GOOD_PASSWORD })).status, Status.OK);
  });

  test('disabling a class I provider makes its class II providers\' accounts unavailable too', async () => {
    const group = await providerId(server, senior, 'Sunrise Care Group');
    const installer = (await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'IOS' })).data;
    assert.equal((await server.call(api.operateProvider, { id: group, enabled: false }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.login, { userName: 'demotwoa', passWord: DEMO_PASSWORD })).status, Status.ACCOUNT_INVALID);
    assert.equal((await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'IOS' })).status, Status.ACCOUNT_INVALID);
    assert.equal((await server.call(api.platformInfo, {}, { token: installer.token })).status, Status.TOKEN_EXPIRED);
    assert.equal((await server.call(api.operateProvider, { id: group, enabled: true }, { token: senior })).status, Status.OK);
    one = (await server.login('demoone')).token;
  });

  test('reset password answers a new password once and ends the old sessions', async () => {
    const lakeside = await providerId(server, one, 'Sunrise Lakeside Home');
    const session = await server.login('lakesidetwo', GOOD_PASSWORD);
    const reset = await server.call(api.restProviderPwd, { id: lakeside }, { token: one });
    assert.equal(reset.status, Status.OK);
    assert.ok(api.isPasswordWellFormed(reset.data.password));
    assert.equal((await server.call(api.platformInfo, {}, { token: session.token })).status, Status.TOKEN_EXPIRED);
    await server.login('lakesidetwo', reset.data.password);
  });

  test('a provider with class II providers cannot be deleted; an empty one can', async () => {
    const group = await providerId(server, senior, 'Sunrise Care Group');
    const blocked = await server.call(api.deleteProvider, { id: group }, { token: senior });
    assert.equal(blocked.status, Status.CONFLICT);
    assert.match(blocked.msg, /class II providers/);
    const lakeside = await providerId(server, one, 'Sunrise Lakeside Home');
    assert.equal((await server.call(api.deleteProvider, { id: lakeside }, { token: one })).status, Status.OK);
    assert.equal((await server.call(api.login, { userName: 'lakesidetwo', passWord: 'whatever#A1' })).status, Status.LOGIN_FAILED);
  });

  test('bad ids are bad input', async () => {
    const result = await server.call(api.getProvider, { id: 'abc' }, { token: senior });
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /ID/);
  });
});

describe('provider switch', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('a class I user starts in its first available class II provider and switches among them', async () => {
    const login = await server.login('demoone');
    assert.equal(login.providerName, 'Sunrise Riverside Home');
    const hill = login.providerList.find((p) => p.providerName === 'Sunrise Hillside Home');
    assert.ok(hill);
    const switched = await server.call(api.changeProvider, { domain: hill.domain }, { token: login.token });
    assert.equal(switched.status, Status.OK);
    const info = await server.call(api.platformInfo, {}, { token: login.token });
    assert.equal(info.data.providerName, 'Sunrise Hillside Home');
  });

  test('a foreign provider\'s domain is not found; other roles may not switch', async () => {
    const one = await server.login('demoone');
    const twoB = await server.login('demotwob');
    const senior = await server.login('demosenior');
    const created = await server.call(api.insertProvider, { name: 'Far Away Care', userName: 'farawayone', passWord: GOOD_PASSWORD }, { token: senior.token });
    const foreign = await server.call(api.getProvider, { id: created.data.id }, { token: senior.token });
    assert.equal((await server.call(api.changeProvider, { domain: foreign.data.domain }, { token: one.token })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.changeProvider, { domain: twoB.domain ?? '' }, { token: twoB.token })).status, Status.NO_PERMISSION);
    assert.equal((await server.call(api.changeProvider, { domain: '' }, { token: one.token })).status, Status.BAD_REQUEST);
  });

  test('a disabled class II provider cannot be switched to', async () => {
    const one = await server.login('demoone');
    const hill = one.providerList.find((p) => p.providerName === 'Sunrise Hillside Home');
    assert.ok(hill);
    await server.call(api.operateProvider, { id: hill.providerId, enabled: false }, { token: one.token });
    const result = await server.call(api.changeProvider, { domain: hill.domain }, { token: one.token });
    assert.equal(result.status, Status.CONFLICT);
    assert.match(result.msg, /not available/);
  });

  test('a session working in a class II provider that gets disabled falls back to an available one', async () => {
    const one = await server.login('demoone');
    const river = one.providerList.find((p) => p.providerName === 'Sunrise Riverside Home');
    const hill = one.providerList.find((p) => p.providerName === 'Sunrise Hillside Home');
    assert.ok(river && hill);
    await server.call(api.operateProvider, { id: hill.providerId, enabled: true }, { token: one.token });
    assert.equal((await server.call(api.changeProvider, { domain: hill.domain }, { token: one.token })).status, Status.OK);
    await server.call(api.operateProvider, { id: hill.providerId, enabled: false }, { token: one.token });
    const info = await server.call(api.platformInfo, {}, { token: one.token });
    assert.equal(info.data.providerName, 'Sunrise Riverside Home');
  });
});
