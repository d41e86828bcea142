import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, Status, type Operation } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const ALARM_TAGS = ['alarms', 'monitor'];

/**
 * Tenant scope of every alarm and monitoring operation: demotwob's token neither reads
 * nor changes demotwoa's alarms, levels, residents' alarm settings or focus list; a
 * foreign alarm or resident answers exactly like a missing one.
 */
describe('alarm operations: tenant scope', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  const a = { alarmId: 0, residentId: 0, roomId: 0 };

  before(async () => {
    server = await startTestServer({ demo: true });
    const loginA = await server.login('demotwoa');
    tokenA = loginA.token;
    tokenB = (await server.login('demotwob')).token;
    const providerId = loginA.providerId ?? 0;
    const place = await buildPlace(server, tokenA, { area: 'Scope Alarm Wing', rooms: 'SA1', beds: 'S' });
    a.roomId = place.roomIds[0];
    a.residentId = (await server.call(api.insertUser, { name: 'Scope Alarm Resident', gender: 'male', birthDate: '1941-01-01', bunkId: place.bedIds[0] }, { token: tokenA })).data.id;
    const placement = { providerId, bedId: place.bedIds[0], roomId: null, residentId: null };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    await server.vigil.bus.publish('device.event', { deviceId, deviceType: 20993, receivedAt: Date.now(), ...placement, subDevice: null, event: { ts: Date.now(), type: 'sos', status: 1 } });
    const pending = await server.call(api.alarmLogUnDeal, {}, { token: tokenA });
    a.alarmId = pending.data.rows[0].id;
    assert.ok(a.alarmId > 0);
    assert.equal((await server.call(api.monitorAddFocusUser, { userIds: [a.residentId] }, { token: tokenA })).status, 200);
  });
  after(() => server.close());

  const levels = () => ({ ...api.DEFAULT_ALERT_LEVEL_SETTING, levels: { ...api.DEFAULT_ALERT_LEVEL_SETTING.levels, sos: 2 } });

  /** Each call with demotwoa's ids, and the status demotwob must get. */
  const foreignCalls: [Operation, () => Record<string, unknown>, number][] = [
    [api.alarmLogList, () => ({ userId: a.residentId }), Status.OK],
    [api.alarmLogUnDeal, () => ({ roomId: a.roomId }), Status.OK],
    [api.alarmLogExport, () => ({}), Status.OK],
    [api.alarmDealStatus, () => ({ id: a.alarmId, dealOption: 'CHECKED' }), Status.NOT_FOUND],
    [api.alarmRelieveAlert, () => ({ id: a.alarmId }), Status.NOT_FOUND],
    // Bulk handling answers 200 and lists the foreign alarm as refused (not found); A's alarm stays pending (checked below).
    [api.alarmDealMany, () => ({ ids: [a.alarmId], dealOption: 'CHECKED' }), Status.OK],
    [api.monitorAlertFlag, () => ({}), Status.OK],
    [api.queryAlertLevel, () => ({}), Status.OK],
    [api.queryAlertLevelPost, () => ({}), Status.OK],
    [api.saveAlertLevel, levels, Status.OK],
    [api.getResidentAlarmSetting, () => ({ userId: a.residentId }), Status.NOT_FOUND],
    [api.saveResidentAlarmSetting, () => ({ userId: a.residentId, reset: true }), Status.NOT_FOUND],
    [api.monitorUserList, () => ({ keyWord: 'Scope Alarm' }), Status.OK],
    [api.monitorFocusUsers, () => ({}), Status.OK],
    [api.monitorAddFocusUser, () => ({ userIds: [a.residentId] }), Status.BAD_REQUEST],
    [api.monitorDeleteFocusUser, () => ({ userId: a.residentId }), Status.NOT_FOUND],
    [api.monitorRecentSamples, () => ({ userId: a.residentId }), Status.NOT_FOUND],
    // Escalation chains (issue 28): B reads and saves its own chain only; A's alarm's notification log is not found.
    [api.escalationGet, () => ({}), Status.OK],
    [api.escalationSave, () => ({ red: [], orange: [], roster: [] }), Status.OK],
    [api.alarmNotifications, () => ({ id: a.alarmId }), Status.NOT_FOUND],
    // Who opened it (issue 28): a caregiver app call; a console account is refused (another care home's caregiver: push.test).
    [api.alarmOpened, () => ({ id: a.alarmId }), Status.NO_PERMISSION],
  ];

  test('walks every alarm and monitoring operation', () => {
    const walked = new Set(foreignCalls.map(([operation]) => operation.id));
    const missing = ALL_OPERATIONS.filter((operation) => ALARM_TAGS.includes(operation.tag) && !walked.has(operation.id)).map((operation) => operation.id);
    assert.deepEqual(missing, []);
  });

  test('a foreign provider reads nothing of A and changes nothing of A', async () => {
    for (const [operation, input, expected] of foreignCalls) {
      if (operation === api.alarmLogExport) {
        const file = await server.vigil.app.inject({ method: 'GET', url: '/api/alarmLog/exportAlarmLog', headers: { 's-token': tokenB } });
        assert.equal(file.statusCode, 200);
        continue;
      }
      const response = await server.call(operation, input(), { token: tokenB });
      assert.equal(response.status, expected, `${operation.id}: ${response.msg}`);
      const text = JSON.stringify(response.data);
      assert.ok(!text.includes('Scope Alarm Resident'), `${operation.id} leaked A's resident`);
      assert.ok(!/"id":\s*\d+.*"alertType":"SOS"/.test(text), `${operation.id} leaked A's alarm`);
    }
    assert.equal((await server.call(api.monitorAlertFlag, {}, { token: tokenB })).data, false);
    // A's alarm, levels, settings and focus list are as they were.
    const pending = await server.call(api.alarmLogUnDeal, {}, { token: tokenA });
    assert.equal(pending.data.rows[0].dealState, 'unDeal');
    assert.equal(pending.data.rows[0].isRelieve, false);
    assert.equal((await server.call(api.queryAlertLevel, {}, { token: tokenA })).data.saved, false);
    assert.equal((await server.call(api.monitorFocusUsers, {}, { token: tokenA })).data.length, 1);
    assert.equal((await server.call(api.escalationGet, {}, { token: tokenA })).data.saved, false, 'B saving its chain saved none for A');
  });

  test('a read-only sub-account reads alarms but cannot handle them', async () => {
    const created = await server.call(api.insertAccount, { userName: 'alarmreader1', passWord: 'Reader#2026x', nickName: 'Reader', role: 'SUB_ROLE', dataPermission: 2 }, { token: tokenA });
    if (created.status !== 200) return assert.fail(`sub-account: ${created.msg}`);
    const reader = await server.login('alarmreader1', 'Reader#2026x');
    assert.equal((await server.call(api.alarmLogUnDeal, {}, { token: reader.token })).data.rows[0].id, a.alarmId);
    assert.equal((await server.call(api.alarmDealStatus, { id: a.alarmId, dealOption: 'CHECKED' }, { token: reader.token })).status, Status.NO_PERMISSION);
    assert.equal((await server.call(api.alarmDealMany, { ids: [a.alarmId], dealOption: 'CHECKED' }, { token: reader.token })).status, Status.NO_PERMISSION);
    const told = await server.call(api.alarmNotifications, { id: a.alarmId }, { token: reader.token });
    assert.equal(told.status, Status.OK, `reads who was told: ${told.msg}`);
    assert.equal((await server.call(api.escalationGet, {}, { token: reader.token })).status, Status.OK, 'reads the chain');
    assert.equal((await server.call(api.escalationSave, { red: [], orange: [], roster: [] }, { token: reader.token })).status, Status.NO_PERMISSION);
  });
});
