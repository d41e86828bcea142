import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const GOOD_PASSWORD = 'Care#Home2026';

describe('account management', () => {
  let server: TestServer;
  let twoA: string;
  let twoB: string;
  let one: string;
  let senior: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    twoA = (await server.login('demotwoa')).token;
    twoB = (await server.login('demotwob')).token;
    one = (await server.login('demoone')).token;
    senior = (await server.login('demosenior')).token;
  });
  after(() => server.close());

  async function accountCount(token: string): Promise<number> {
    return (await server.call(api.queryAccountList, { pageSize: 1000 }, { token })).data.total;
  }

  test('a class II provider creates a sub-account with a data permission; it can log in', async () => {
    const created = await server.call(
      api.insertAccount,
      { userName: 'riversidenight', passWord: GOOD_PASSWORD, nickName: 'Night desk', role: 'SUB_ROLE', dataPermission: 2 },
      { token: twoA },
    );
    assert.equal(created.status, Status.OK);
    const login = await server.login('riversidenight', GOOD_PASSWORD);
    assert.equal(login.role, 'SUB_ROLE');
    assert.equal(login.permissionType, 2);
    assert.equal(login.providerName, 'Sunrise Riverside Home');
  });

  test('a sub-account needs a data permission', async () => {
    const before = await accountCount(twoA);
    const result = await server.call(api.insertAccount, { userName: 'nopermission1', passWord: GOOD_PASSWORD, nickName: 'No permission', role: 'SUB_ROLE' }, { token: twoA });
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /data permission/);
    assert.equal(await accountCount(twoA), before);
  });

  test('roles that may not be given here are refused', async () => {
    for (const role of ['SENIOR_ROLE', 'ONE_ROLE', 'TWO_ROLE', 'NURSING'] as const) {
      const result = await server.call(api.insertAccount, { userName: 'rolecheck1', passWord: GOOD_PASSWORD, nickName: 'Role check', role }, { token: twoA });
      assert.equal(result.status, Status.BAD_REQUEST, role);
      assert.match(result.msg, /role cannot be given/);
    }
    const unknown = await server.call(api.insertAccount, { userName: 'rolecheck1', passWord: GOOD_PASSWORD, nickName: 'Role check', role: 'KING' }, { token: twoA });
    assert.equal(unknown.status, Status.BAD_REQUEST);
    assert.match(unknown.msg, /Role/);
  });

  test('login names are unique across the platform', async () => {
    const result = await server.call(api.insertAccount, { userName: 'DEMOTWOB', passWord: GOOD_PASSWORD, nickName: 'Clash', role: 'MAINTAIN' }, { token: twoA });
    assert.equal(result.status, Status.CONFLICT);
    assert.match(result.msg, /login account already exists/);
  });

  test('field rules: login name 6–64 letters/digits, name 1–64, password rule and weak list', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ userName: 'abc' }, Status.BAD_REQUEST, /6~64/],
      [{ userName: 'abc-def-ghi' }, Status.BAD_REQUEST, /6~64/],
      [{ nickName: '' }, Status.BAD_REQUEST, /Name must be 1~64/],
      [{ nickName: 'n'.repeat(65) }, Status.BAD_REQUEST, /Name must be 1~64/],
      [{ passWord: 'short' }, Status.BAD_REQUEST, /8~16/],
      [{ passWord: 'Welcome@123' }, Status.PASSWORD_WEAK, /security level low/],
    ];
    const before = await accountCount(twoA);
    for (const [patch, status, message] of cases) {
      const input = { userName: 'fieldrules1', passWord: GOOD_PASSWORD, nickName: 'Field rules', role: 'MAINTAIN', ...patch };
      const result = await server.call(api.insertAccount, input, { token: twoA });
      assert.equal(result.status, status, JSON.stringify(patch));
      assert.match(result.msg, message);
    }
    assert.equal(await accountCount(twoA), before);
  });

  test('a sibling class II provider cannot see or change another\'s accounts', async () => {
    const mine = await server.call(api.queryAccountList, { keyWord: 'riversidenight' }, { token: twoA });
    const id = mine.data.rows[0].id;
    const theirs = await server.call(api.queryAccountList, { pageSize: 1000 }, { token: twoB });
    assert.ok(!theirs.data.rows.some((row) => row.id === id));
    for (const op of ['enable', 'disable', 'delete', 'resetPassword'] as const) {
      const result = await server.call(api.operateAccount, { op, id }, { token: twoB });
      assert.equal(result.status, Status.NOT_FOUND, op);
    }
    const update = await server.call(api.operateAccount, { op: 'update', id, nickName: 'Hijacked', dataPermission: 1 }, { token: twoB });
    assert.equal(update.status, Status.NOT_FOUND);
    assert.equal((await server.call(api.queryAccountList, { keyWord: 'riversidenight' }, { token: twoA })).data.rows[0].nickName, 'Night desk');
  });

  test('a class II provider cannot reach its parent\'s accounts, and cannot place accounts in a sibling', async () => {
    const made = await server.call(api.insertAccount, { userName: 'groupinstaller', passWord: GOOD_PASSWORD, nickName: 'Group installer', role: 'MAINTAIN' }, { token: one });
    assert.equal(made.status, Status.OK);
    const listB = await server.call(api.queryAccountList, { pageSize: 1000 }, { token: twoB });
    assert.ok(!listB.data.rows.some((row) => row.userName === 'groupinstaller'));
    assert.equal((await server.call(api.operateAccount, { op: 'disable', id: made.data.id }, { token: twoB })).status, Status.NOT_FOUND);
    const riversideId = (await server.login('demotwoa')).providerId;
    const placed = await server.call(api.insertAccount, { userName: 'siblingplant', passWord: GOOD_PASSWORD, nickName: 'x', role: 'MAINTAIN', providerId: riversideId }, { token: twoB });
    assert.equal(placed.status, Status.BAD_REQUEST);
  });

  test('a class I provider sees its children\'s accounts', async () => {
    const list = await server.call(api.queryAccountList, { pageSize: 1000 }, { token: one });
    const names = list.data.rows.map((row) => row.userName);
    assert.ok(names.includes('riversidenight'));
    assert.ok(names.includes('demomaintain'));
    assert.ok(!names.includes('demotwoa'), 'provider logins are managed with their provider');
  });

  test('disable ends sessions and blocks login; enable restores; reset gives a new password once', async () => {
    const target = (await server.call(api.queryAccountList, { keyWord: 'riversidenight' }, { token: twoA })).data.rows[0];
    const session = await server.login('riversidenight', GOOD_PASSWORD);
    assert.equal((await server.call(api.operateAccount, { op: 'disable', id: target.id }, { token: twoA })).status, Status.OK);
    assert.equal((await server.call(api.platformInfo, {}, { token: session.token })).status, Status.TOKEN_EXPIRED);
    assert.equal((await server.call(api.login, { userName: 'riversidenight', passWord: GOOD_PASSWORD })).status, Status.ACCOUNT_INVALID);
    assert.equal((await server.call(api.operateAccount, { op: 'enable', id: target.id }, { token: twoA })).status, Status.OK);
    const reset = await server.call(api.operateAccount, { op: 'resetPassword', id: target.id }, { token: twoA });
    assert.equal(reset.status, Status.OK);
    await server.login('riversidenight', reset.data?.password);
  });

  test('update changes the name and data permission; delete removes the account', async () => {
    const target = (await server.call(api.queryAccountList, { keyWord: 'riversidenight' }, { token: twoA })).data.rows[0];
    const noPermission = await server.call(api.operateAccount, { op: 'update', id: target.id, nickName: 'Night desk 2' }, { token: twoA });
    assert.equal(noPermission.status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.operateAccount, { op: 'update', id: target.id, nickName: 'Night desk 2', dataPermission: 1 }, { token: twoA })).status, Status.OK);
    const updated = (await server.call(api.queryAccountList, { keyWord: 'riversidenight' }, { token: twoA })).data.rows[0];
    assert.equal(updated.nickName, 'Night desk 2');
    assert.equal(updated.dataPermission, 1);
    assert.equal((await server.call(api.operateAccount, { op: 'delete', id: target.id }, { token: twoA })).status, Status.OK);
    assert.equal((await server.call(api.queryAccountList, { keyWord: 'riversidenight' }, { token: twoA })).data.total, 0);
  });

  test('an unknown operation names the field', async () => {
    const result = await server.call(api.operateAccount, { op: 'promote', id: 1 }, { token: twoA });
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /Operation/);
  });

  test('vendor roles list platform accounts; government and installers cannot manage accounts', async () => {
    const created = await server.call(api.insertAccount, { userName: 'cityviewer', passWord: GOOD_PASSWORD, nickName: 'City viewer', role: 'GOVERNMENT' }, { token: senior });
    assert.equal(created.status, Status.OK);
    const list = await server.call(api.queryAccountList, { role: 'GOVERNMENT', pageSize: 100 }, { token: senior });
    assert.ok(list.data.rows.some((row) => row.userName === 'cityviewer'));
    const gov = await server.login('demogov');
    assert.equal((await server.call(api.queryAccountList, {}, { token: gov.token })).status, Status.NO_PERMISSION);
  });
});

describe('account search', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('a keyword with % or _ matches those characters literally, on either database', async () => {
    const { token } = await server.login('demotwoa');
    await server.call(api.insertAccount, { userName: 'percentuser', passWord: GOOD_PASSWORD, nickName: 'Night 100% desk', role: 'MAINTAIN' }, { token });
    await server.call(api.insertAccount, { userName: 'plainuser1', passWord: GOOD_PASSWORD, nickName: 'Night 1000 desk', role: 'MAINTAIN' }, { token });
    const percent = await server.call(api.queryAccountList, { keyWord: '100%' }, { token });
    assert.deepEqual(percent.data.rows.map((row) => row.userName), ['percentuser']);
    const underscore = await server.call(api.queryAccountList, { keyWord: 't_1' }, { token });
    assert.equal(underscore.data.total, 0, '_ is not a wildcard');
  });
});
