import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('caregivers', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  const carer = (phone: string, extra: Record<string, unknown> = {}) =>
    server.call(api.insertNursing, { name: 'Maria Santos', phone, job: 'Nurse', idNumber: 'X1234567', relation: 'none', grade: 'senior', ...extra }, { token });

  test('a caregiver gets a NURSING account that logs in through the app with the password answered once', async () => {
    const created = await carer('+63 917 123 4567');
    assert.equal(created.status, Status.OK, created.msg);
    assert.equal(created.data.userName, '639171234567');
    assert.ok(created.data.password && api.isPasswordWellFormed(created.data.password));
    const app = await server.call(api.login, { userName: '639171234567', passWord: created.data.password, from: 'APP' });
    assert.equal(app.status, Status.OK);
    assert.equal(app.data.role, 'NURSING');
    assert.equal(app.data.providerName, 'Sunrise Riverside Home');

    const list = await server.call(api.queryNursingList, { keyWord: '6391712', pageNum: 1, pageSize: 10 }, { token });
    const row = list.data.rows[0];
    assert.deepEqual(
      [row.name, row.phone, row.job, row.idNumber, row.relation, row.grade, row.enabled],
      ['Maria Santos', '+639171234567', 'Nurse', 'X1234567', 'none', 'senior', true],
    );
  });

  test('the list filters by grade, enabled and keyword (wildcards literal), together, with the total of the filtered set', async () => {
    const names = ['Filter Ana', 'Filter Ben', 'Filter Cy_'];
    const ids: number[] = [];
    for (const [index, name] of names.entries()) {
      const created = await carer(`+1555888000${index}`, { name, grade: index === 0 ? 'general' : 'senior' });
      assert.equal(created.status, Status.OK, created.msg);
      ids.push(created.data.id);
    }
    assert.equal((await server.call(api.operateNursing, { op: 'disable', id: ids[1] }, { token })).status, Status.OK);
    const list = async (filter: Record<string, unknown>) => (await server.call(api.queryNursingList, { keyWord: 'filter ', pageNum: 1, pageSize: 2, ...filter }, { token })).data;
    const all = await list({});
    assert.deepEqual([all.total, all.rows.map((row) => row.name)], [3, ['Filter Cy_', 'Filter Ben']], 'newest first, a page of 2 of 3');
    assert.deepEqual((await list({ pageNum: 2 })).rows.map((row) => row.name), ['Filter Ana']);
    const senior = await list({ grade: 'senior' });
    assert.deepEqual([senior.total, senior.rows.map((row) => row.name)], [2, ['Filter Cy_', 'Filter Ben']]);
    const enabledSenior = await list({ grade: 'senior', enabled: true });
    assert.deepEqual([enabledSenior.total, enabledSenior.rows.map((row) => row.name)], [1, ['Filter Cy_']]);
    const disabled = await list({ enabled: false });
    assert.deepEqual([disabled.total, disabled.rows.map((row) => [row.name, row.enabled])], [1, [['Filter Ben', false]]]);
    const underscore = await list({ keyWord: 'cy_' });
    assert.deepEqual(underscore.rows.map((row) => row.name), ['Filter Cy_']);
    assert.equal((await list({ keyWord: 'filter_' })).total, 0, 'an underscore matches only an underscore');
  });

  test('a given login and password are used as they are; a taken login is refused', async () => {
    const created = await carer('+4915112345678', { userName: 'carerhans', passWord: 'Care#2026pass' });
    assert.equal(created.data.password, null);
    assert.equal((await server.call(api.login, { userName: 'carerhans', passWord: 'Care#2026pass', from: 'APP' })).status, Status.OK);
    const again = await carer('+4915112345679', { userName: 'CarerHans' });
    assert.equal(again.status, Status.CONFLICT);
    assert.match(again.msg, /login account already exists/);
    const weak = await carer('+4915112345670', { passWord: 'short' });
    assert.equal(weak.status, Status.BAD_REQUEST);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['phone letters', { phone: '12345abc' }, /Mobile phone: Enter a valid mobile number/],
    ['phone too short', { phone: '12345' }, /valid mobile number/],
    ['phone too long', { phone: '+123456789012345678901' }, /valid mobile number/],
    ['phone missing', { phone: '' }, /Mobile phone is required/],
    ['grade', { grade: 'expert' }, /Grade must be general or senior/],
    ['name', { name: '' }, /Name is required/],
    ['id number', { idNumber: 'AB 12' }, /ID number may contain only/],
    ['101 residents', { residentIds: Array.from({ length: 101 }, (_, i) => i + 1) }, /Up to 100 residents may be linked/],
  ];
  for (const [rule, patch, message] of invalid) {
    test(`bad caregiver input is refused and changes nothing: ${rule}`, async () => {
      const before = (await server.call(api.queryNursingList, { pageNum: 1, pageSize: 1 }, { token })).data.total;
      const result = await carer('+15551230000', patch);
      assert.equal(result.status, Status.BAD_REQUEST, result.msg);
      assert.match(result.msg, message);
      assert.equal((await server.call(api.queryNursingList, { pageNum: 1, pageSize: 1 }, { token })).data.total, before);
    });
  }

  test('disable ends app sessions and blocks login; enable lets in again; reset gives a new password', async () => {
    const created = await carer('+15557770001');
    const login = await server.call(api.login, { userName: created.data.userName, passWord: created.data.password ?? '', from: 'APP' });
    assert.equal((await server.call(api.operateNursing, { op: 'disable', id: created.data.id }, { token })).status, Status.OK);
    assert.equal((await server.call(api.platformInfo, {}, { token: login.data.token })).status, Status.TOKEN_EXPIRED);
    assert.equal((await server.call(api.login, { userName: created.data.userName, passWord: created.data.password ?? '', from: 'APP' })).status, Status.ACCOUNT_INVALID);
    assert.equal((await server.call(api.operateNursing, { op: 'enable', id: created.data.id }, { token })).status, Status.OK);
    const reset = await server.call(api.resetNursingPassword, { id: created.data.id }, { token });
    assert.equal((await server.call(api.login, { userName: created.data.userName, passWord: created.data.password ?? '', from: 'APP' })).status, Status.LOGIN_FAILED);
    assert.equal((await server.call(api.login, { userName: reset.data.userName, passWord: reset.data.password, from: 'APP' })).status, Status.OK);
  });

  test('update replaces fields and linked residents; both sides show the link; delete removes account and links', async () => {
    const resident = await server.call(api.insertUser, { name: 'Linked Resident', gender: 'female', birthDate: '1942-02-02' }, { token });
    const created = await carer('+15557770002');
    const update = await server.call(api.operateNursing, {
      op: 'update', id: created.data.id, name: 'Maria S. Cruz', phone: '+15557770002', grade: 'general', job: 'Aide', residentIds: [resident.data.id],
    }, { token });
    assert.equal(update.status, Status.OK, update.msg);
    const row = (await server.call(api.queryNursingList, { keyWord: 'Cruz', pageNum: 1, pageSize: 10 }, { token })).data.rows[0];
    assert.deepEqual([row.grade, row.job, row.residents.map((r) => r.name)], ['general', 'Aide', ['Linked Resident']]);
    const detail = await server.call(api.getUserMessageById, { id: resident.data.id }, { token });
    assert.deepEqual(detail.data.caregivers.map((c) => c.name), ['Maria S. Cruz']);
    const one = await server.call(api.getNursing, { id: created.data.id }, { token });
    assert.deepEqual([one.data.name, one.data.residents.map((r) => r.name)], ['Maria S. Cruz', ['Linked Resident']]);

    assert.equal((await server.call(api.deleteNursing, { id: created.data.id }, { token })).status, Status.OK);
    assert.equal((await server.call(api.getUserMessageById, { id: resident.data.id }, { token })).data.caregivers.length, 0);
    assert.equal((await server.call(api.login, { userName: created.data.userName, passWord: created.data.password ?? '', from: 'APP' })).status, Status.LOGIN_FAILED);
    assert.equal((await server.call(api.deleteNursing, { id: created.data.id }, { token })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.getNursing, { id: created.data.id }, { token })).status, Status.NOT_FOUND);
  });

  test('a resident takes up to 100 caregivers, and the 101st is refused from either side', async () => {
    const { db } = server.vigil.database;
    const provider = await db.selectFrom('providers').select('id').where('name', '=', 'Sunrise Riverside Home').executeTakeFirstOrThrow();
    const time = Date.now();
    // 101 caregivers straight into the tables: creating accounts through the API would hash 101 passwords.
    const ids: number[] = [];
    for (let i = 0; i < 101; i++) {
      const account = await db.insertInto('accounts').values({
        user_name: `bulkcarer${i}`, user_name_key: `bulkcarer${i}`, password_hash: 'x', role: 'NURSING', nick_name: `Bulk ${i}`,
        data_permission: null, provider_id: provider.id, is_provider_login: 0, enabled: 1, created_at: time, updated_at: time,
      }).returning('id').executeTakeFirstOrThrow();
      const caregiver = await db.insertInto('caregivers').values({
        provider_id: provider.id, account_id: account.id, name: `Bulk ${i}`, phone: `+1555000${String(i).padStart(4, '0')}`,
        job: '', id_number: '', relation: '', grade: 'general', created_at: time, updated_at: time,
      }).returning('id').executeTakeFirstOrThrow();
      ids.push(caregiver.id);
    }
    const resident = await server.call(api.insertUser, { name: 'Many Carers', gender: 'male', birthDate: '1945-05-05', caregiverIds: ids.slice(0, 100) }, { token });
    assert.equal(resident.status, Status.OK, resident.msg);
    assert.equal((await server.call(api.getUserMessageById, { id: resident.data.id }, { token })).data.caregivers.length, 100);
    const fromCaregiver = await server.call(api.operateNursing, { op: 'update', id: ids[100], name: 'Bulk 100', phone: '+15550000100', grade: 'general', residentIds: [resident.data.id] }, { token });
    assert.equal(fromCaregiver.status, Status.BAD_REQUEST);
    assert.match(fromCaregiver.msg, /Up to 100 caregivers may be selected per resident/);
    const fromResident = await server.call(api.updateUser, { id: resident.data.id, name: 'Many Carers', gender: 'male', birthDate: '1945-05-05', caregiverIds: ids }, { token });
    assert.equal(fromResident.status, Status.BAD_REQUEST);
  });
});
