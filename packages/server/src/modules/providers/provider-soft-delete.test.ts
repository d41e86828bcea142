import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { PROVIDER_RESTORE_DAYS, Status } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { providerServiceOn } from './provider-module.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GOOD_PASSWORD = 'Care#Home2026';

/**
 * Deleting a provider is a soft delete: delete → hidden and logins refused → restore
 * (vendor roles, within the restore window) → purge of everything after the window.
 */
describe('provider soft delete, restore and purge', () => {
  let server: TestServer;
  let clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  let senior: string;
  let one: string;
  let riversideId = 0;
  let residentsBefore = 0;

  const loginStatus = (userName: string, password = DEMO_PASSWORD) => server.call(api.login, { userName, passWord: password, from: 'PC', rsa: false }).then((result) => result.status);
  const listed = async (token: string, name: string) =>
    (await server.call(api.queryProviderList, { keyWord: name, pageSize: 50 }, { token })).data.rows.some((row) => row.name === name);
  const deletedList = async (token: string) => server.call(api.queryDeletedProviderList, { pageSize: 50 }, { token });
  const count = async (table: 'residents' | 'beds' | 'caregivers' | 'accounts', providerId: number) => {
    const row = await server.vigil.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  before(async () => {
    server = await startTestServer({ demo: true, now: () => clock });
    senior = (await server.login('demosenior')).token;
    one = (await server.login('demoone')).token;
    const twoA = await server.login('demotwoa');
    riversideId = twoA.providerId ?? 0;
    residentsBefore = (await server.call(api.userList, { pageNum: 1, pageSize: 1 }, { token: twoA.token })).data.total;
    assert.ok(residentsBefore > 0, 'the demo home has residents');
    const sub = await server.call(api.insertAccount, { userName: 'riversidesub', passWord: GOOD_PASSWORD, nickName: 'Riverside desk', role: 'SUB_ROLE', dataPermission: 2 }, { token: twoA.token });
    assert.equal(sub.status, Status.OK, sub.msg);
  });
  after(() => server.close());

  test('a class I provider deletes its care home: it disappears, its sessions end, its accounts cannot log in', async () => {
    const session = await server.login('demotwoa');
    const subSession = await server.login('riversidesub', GOOD_PASSWORD);
    assert.equal((await server.call(api.deleteProvider, { id: riversideId }, { token: one })).status, Status.OK);

    assert.equal((await server.call(api.platformInfo, {}, { token: session.token })).status, Status.TOKEN_EXPIRED);
    assert.equal((await server.call(api.platformInfo, {}, { token: subSession.token })).status, Status.TOKEN_EXPIRED);
    assert.equal(await loginStatus('demotwoa'), Status.ACCOUNT_INVALID);
    assert.equal(await loginStatus('riversidesub', GOOD_PASSWORD), Status.ACCOUNT_INVALID);

    assert.equal(await listed(one, 'Sunrise Riverside Home'), false);
    assert.equal(await listed(senior, 'Sunrise Riverside Home'), false);
    assert.equal((await server.call(api.getProvider, { id: riversideId }, { token: senior })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.deleteProvider, { id: riversideId }, { token: senior })).status, Status.NOT_FOUND, 'already deleted');
    const accounts = await server.call(api.queryAccountList, { pageSize: 100 }, { token: one });
    assert.ok(!accounts.data.rows.some((row) => row.userName === 'riversidesub'), 'its accounts leave the account list');

    const group = await server.login('demoone');
    assert.deepEqual(group.providerList.map((entry) => entry.providerName), ['Sunrise Hillside Home']);
    assert.equal(group.providerName, 'Sunrise Hillside Home', 'the class I user starts in the remaining home');
    assert.equal((await server.call(api.insertAccount, { userName: 'latecomer1', passWord: GOOD_PASSWORD, nickName: 'Late', role: 'SUB_ROLE', dataPermission: 1, providerId: riversideId }, { token: senior })).status, Status.BAD_REQUEST);
  });

  test('its name and login names stay taken while it can be restored', async () => {
    const again = await server.call(api.insertProvider, { name: 'sunrise riverside home', userName: 'riversidenew', passWord: GOOD_PASSWORD }, { token: senior });
    assert.equal(again.status, Status.CONFLICT);
    assert.match(again.msg, /provider name already exists/);
  });

  test('only vendor roles list deleted providers, with the days left', async () => {
    assert.equal((await deletedList(one)).status, Status.NO_PERMISSION);
    const list = await deletedList(senior);
    assert.equal(list.status, Status.OK);
    const entry = list.data.rows.find((row) => row.id === riversideId);
    assert.ok(entry);
    assert.equal(entry.name, 'Sunrise Riverside Home');
    assert.equal(entry.userName, 'demotwoa');
    assert.equal(entry.parentName, 'Sunrise Care Group');
    assert.equal(entry.daysLeft, PROVIDER_RESTORE_DAYS);
    assert.equal(entry.purgeAt, entry.deletedAt + PROVIDER_RESTORE_DAYS * DAY_MS);
  });

  test('a vendor role restores it with all its data; its accounts log in again', async () => {
    assert.equal((await server.call(api.restoreProvider, { id: riversideId }, { token: one })).status, Status.NO_PERMISSION);
    clock += 10 * DAY_MS;
    senior = (await server.login('demosenior')).token;
    const business = (await server.login('demobusiness')).token;
    const later = (await deletedList(business)).data.rows.find((row) => row.id === riversideId);
    assert.equal(later?.daysLeft, PROVIDER_RESTORE_DAYS - 10);
    assert.equal((await server.call(api.restoreProvider, { id: riversideId }, { token: business })).status, Status.OK);
    const twoA = await server.login('demotwoa');
    assert.equal((await server.call(api.userList, { pageNum: 1, pageSize: 1 }, { token: twoA.token })).data.total, residentsBefore);
    assert.equal(await loginStatus('riversidesub', GOOD_PASSWORD), Status.OK);
    assert.equal(await listed(senior, 'Sunrise Riverside Home'), true);
    assert.equal((await deletedList(senior)).data.rows.some((row) => row.id === riversideId), false);
    assert.equal((await server.call(api.restoreProvider, { id: riversideId }, { token: senior })).status, Status.NOT_FOUND, 'not deleted any more');
  });

  test('a class I provider is deleted only after its class II providers; they are restored after it', async () => {
    const group = (await server.login('demoone')).providerList;
    const hillside = group.find((entry) => entry.providerName === 'Sunrise Hillside Home');
    assert.ok(hillside);
    const groupId = (await server.call(api.queryProviderList, { keyWord: 'Sunrise Care Group', pageSize: 5 }, { token: senior })).data.rows[0].id;
    assert.equal((await server.call(api.deleteProvider, { id: groupId }, { token: senior })).status, Status.CONFLICT);
    assert.equal((await server.call(api.deleteProvider, { id: hillside.providerId }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.deleteProvider, { id: riversideId }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.deleteProvider, { id: groupId }, { token: senior })).status, Status.OK);
    assert.equal(await loginStatus('demoone'), Status.ACCOUNT_INVALID);
    const blocked = await server.call(api.restoreProvider, { id: riversideId }, { token: senior });
    assert.equal(blocked.status, Status.CONFLICT);
    assert.match(blocked.msg, /class I provider is deleted too/);
    assert.equal((await server.call(api.restoreProvider, { id: groupId }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.restoreProvider, { id: hillside.providerId }, { token: senior })).status, Status.OK);
    assert.equal(await loginStatus('demoone'), Status.OK);
    assert.equal(await loginStatus('demotwob'), Status.OK);
    assert.equal(await loginStatus('demotwoa'), Status.ACCOUNT_INVALID, 'Riverside is still deleted');
  });

  test(`the purge removes a provider and all its data ${PROVIDER_RESTORE_DAYS} days after its delete, not before`, async () => {
    const providers = providerServiceOn(server.vigil.database.db, () => clock);
    const deletedAt = (await deletedList(senior)).data.rows.find((row) => row.id === riversideId)?.deletedAt ?? 0;
    assert.ok(deletedAt > 0);
    assert.ok((await count('beds', riversideId)) > 0);

    assert.deepEqual(await providers.purgeDeletedProviders(deletedAt + PROVIDER_RESTORE_DAYS * DAY_MS - 1), [], 'still restorable');
    assert.equal(await count('residents', riversideId), residentsBefore);

    clock = deletedAt + PROVIDER_RESTORE_DAYS * DAY_MS;
    senior = (await server.login('demosenior')).token;
    assert.equal((await deletedList(senior)).data.rows.some((row) => row.id === riversideId), false, 'past the window it is no longer offered');
    assert.equal((await server.call(api.restoreProvider, { id: riversideId }, { token: senior })).status, Status.NOT_FOUND);

    assert.deepEqual(await providers.purgeDeletedProviders(clock + 1), [riversideId]);
    for (const table of ['residents', 'beds', 'caregivers', 'accounts'] as const) assert.equal(await count(table, riversideId), 0, table);
    assert.equal(await loginStatus('demotwoa'), Status.LOGIN_FAILED, 'the account is gone');
    assert.deepEqual(await providers.purgeDeletedProviders(clock + 1), [], 'nothing left to purge');
    const reused = await server.call(api.insertProvider, { name: 'Sunrise Riverside Home', userName: 'demotwoa', passWord: GOOD_PASSWORD }, { token: senior });
    assert.equal(reused.status, Status.OK, 'after the purge the names are free again');
    assert.equal(await loginStatus('demotwob'), Status.OK, 'other homes are untouched');
  });
});
