import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { seedDemo } from './seed.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

describe('demo care home', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('Riverside has 2 buildings, 3 floors each, 60 rooms and 120 beds; 100 residents with contacts and 20 caregivers in all', async () => {
    const riverside = (await server.login('demotwoa')).token;
    const hillside = (await server.login('demotwob')).token;
    const config = (await server.call(api.getUserBunkConfiguration, {}, { token: riverside })).data;
    assert.deepEqual({ areas: config.areas, floors: config.floors, rooms: config.rooms, beds: config.beds }, { areas: 2, floors: 6, rooms: 60, beds: 120 });
    const residents = [riverside, hillside].map((token) => server.call(api.userList, { pageNum: 1, pageSize: 1000 }, { token }));
    const [a, b] = await Promise.all(residents);
    assert.equal(a.data.total + b.data.total, 100);
    assert.ok(b.data.total > 0 && b.data.total < 20);
    assert.ok([...a.data.rows, ...b.data.rows].every((row) => row.contacts.length >= 1));
    const states = new Set(a.data.rows.map((row) => row.state));
    assert.deepEqual([...states].sort(), ['admitted', 'checkedOut', 'deregistered', 'notAdmitted']);
    const carers = await Promise.all([riverside, hillside].map((token) => server.call(api.queryNursingList, { pageNum: 1, pageSize: 100 }, { token })));
    assert.equal(carers[0].data.total + carers[1].data.total, 20);
    const login = await server.call(api.login, { userName: carers[0].data.rows[0].userName, passWord: 'Demo#2026care', from: 'APP' });
    assert.equal(login.status, 200);
  });

  test('seeding again changes nothing, and the data is the same every time', async () => {
    const token = (await server.login('demotwoa')).token;
    const before = await server.call(api.userList, { pageNum: 1, pageSize: 5 }, { token });
    await seedDemo(server.vigil.database.db, Date.now, { deviceKeys: server.vigil.deviceKeys });
    const after = await server.call(api.userList, { pageNum: 1, pageSize: 5 }, { token });
    assert.equal(after.data.total, before.data.total);
    assert.deepEqual(after.data.rows.map((row) => [row.name, row.birthDate]), before.data.rows.map((row) => [row.name, row.birthDate]));
  });
});
