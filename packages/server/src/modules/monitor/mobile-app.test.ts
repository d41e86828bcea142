import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * The caregiver and installer app's calls (docs/app.md): who may sign in from an app, and
 * tenant scope of what caregivers (NURSING) and installers (MAINTAIN) may read and change.
 * Caregivers: the first of each demo care home (seed-care.ts: the phone's digits).
 */
const CAREGIVER_A = '44770090500';
const CAREGIVER_B = '44770091500';

describe('mobile app: caregiver and installer calls', () => {
  let server: TestServer;
  const appLogin = async (userName: string, from = 'APP_NURSING') => server.call(api.login, { userName, passWord: DEMO_PASSWORD, from, rsa: false });
  let nurseA: string;
  let nurseB: string;
  let installer: string;
  let providerA = 0;
  let alarmId = 0;

  before(async () => {
    server = await startTestServer({ demo: true });
    const a = await appLogin(CAREGIVER_A);
    assert.equal(a.status, Status.OK, a.msg);
    nurseA = a.data.token;
    providerA = a.data.providerId ?? 0;
    nurseB = (await appLogin(CAREGIVER_B)).data.token;
    installer = (await appLogin('demomaintain', 'APP_MAINTAIN')).data.token;
    const beds = await server.call(api.getAdminBunkList, {}, { token: installer });
    assert.equal(beds.status, Status.OK, beds.msg);
    const placement = { providerId: providerA, bedId: beds.data[0].id, roomId: null, residentId: null };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    await server.vigil.bus.publish('device.event', { deviceId, deviceType: 20993, receivedAt: Date.now(), ...placement, subDevice: null, event: { ts: Date.now(), type: 'sos', status: 1 } });
    const twoA = await server.login('demotwoa');
    const pending = await server.call(api.alarmLogUnDeal, {}, { token: twoA.token });
    alarmId = pending.data.rows[0].id;
  });
  after(() => server.close());

  test('only caregivers, installers and relatives sign in from an app, and they do not sign in to the console', async () => {
    for (const userName of ['demosenior', 'demotwoa', 'demogov']) {
      const refused = await appLogin(userName);
      assert.equal(refused.status, Status.APP_LOGIN_FORBIDDEN, userName);
      assert.match(refused.msg, /only caregiver, installer and family accounts/);
    }
    const console = await server.call(api.login, { userName: CAREGIVER_A, passWord: DEMO_PASSWORD, from: 'PC', rsa: false });
    assert.equal(console.status, Status.WEB_LOGIN_FORBIDDEN);
  });

  test('a caregiver reads her own residents with live state and sleep score, never another home\'s', async () => {
    const mine = await server.call(api.appCaredResidents, {}, { token: nurseA });
    assert.equal(mine.status, Status.OK, mine.msg);
    assert.ok(mine.data.length > 0, 'the demo assigns residents to every caregiver');
    for (const resident of mine.data) {
      assert.ok('sleepScore' in resident && 'sleepState' in resident && 'deviceOnline' in resident);
    }
    const theirs = await server.call(api.appCaredResidents, {}, { token: nurseB });
    const mineIds = new Set(mine.data.map((resident) => resident.userId));
    assert.ok(theirs.data.every((resident) => !mineIds.has(resident.userId)));
    // The console's board and settings stay closed to caregivers.
    assert.equal((await server.call(api.monitorUserList, {}, { token: nurseA })).status, Status.NO_PERMISSION);
    assert.equal((await server.call(api.saveAlertLevel, {}, { token: nurseA })).status, Status.NO_PERMISSION);
    assert.equal((await server.call(api.appCaredResidents, {}, { token: installer })).status, Status.NO_PERMISSION);
  });

  test('a caregiver sees and handles her home\'s pending alarms; another home\'s caregiver cannot; the second handler hears "already handled"', async () => {
    const pendingB = await server.call(api.alarmLogUnDeal, {}, { token: nurseB });
    assert.equal(pendingB.status, Status.OK);
    assert.ok(pendingB.data.rows.every((row) => row.id !== alarmId));
    assert.equal((await server.call(api.alarmDealStatus, { id: alarmId, dealOption: 'CHECKED' }, { token: nurseB })).status, Status.NOT_FOUND);
    const pendingA = await server.call(api.alarmLogUnDeal, {}, { token: nurseA });
    assert.ok(pendingA.data.rows.some((row) => row.id === alarmId));
    const handled = await server.call(api.alarmDealStatus, { id: alarmId, dealOption: 'CHECKED', followUp: 'NO_ABNORMALITY', remark: 'from the app' }, { token: nurseA });
    assert.equal(handled.status, Status.OK, handled.msg);
    assert.equal(handled.data.dealState, 'processed');
    const again = await server.call(api.alarmDealStatus, { id: alarmId, dealOption: 'CHECKED' }, { token: nurseA });
    assert.ok([409, Status.CONFLICT].includes(again.status), `status ${again.status}`);
    assert.equal((await server.call(api.alarmLogUnDeal, {}, { token: installer })).status, Status.NO_PERMISSION);
  });

  test('an installer adds a scanned stock device to a bed of his home and reads it back', async () => {
    const senior = await server.login('demosenior');
    const stock = await server.call(api.registerDevice, { deviceId: 'APP-TEST-1', deviceType: 52 }, { token: senior.token });
    assert.equal(stock.status, Status.OK, stock.msg);
    const decoded = await server.call(api.decodeDeviceCipher, { cipherId: stock.data.cipherId }, { token: installer });
    assert.deepEqual(decoded.data, { deviceId: 'APP-TEST-1', deviceType: 52 });
    const beds = await server.call(api.getAdminBunkList, {}, { token: installer });
    const vacant = (await server.call(api.getAdminBunkList, { vacantOnly: true }, { token: installer })).data[0] ?? beds.data[0];
    const added = await server.call(api.insertDevice, { cipherId: stock.data.cipherId, deviceType: 52, binding: { target: 'bed', targetId: vacant.id }, confirm: true }, { token: installer });
    assert.equal(added.status, Status.OK, added.msg);
    const detail = await server.call(api.getDevice, { id: added.data.id }, { token: installer });
    assert.equal(detail.status, Status.OK, detail.msg);
    assert.equal(detail.data.deviceId, 'APP-TEST-1');
    // Another home's bed is not his to bind to.
    const twoB = await server.login('demotwob');
    const foreignBed = (await server.call(api.getAdminBunkList, {}, { token: twoB.token })).data[0];
    const stock2 = await server.call(api.registerDevice, { deviceId: 'APP-TEST-2', deviceType: 52 }, { token: senior.token });
    const foreign = await server.call(api.insertDevice, { cipherId: stock2.data.cipherId, deviceType: 52, binding: { target: 'bed', targetId: foreignBed.id }, confirm: true }, { token: installer });
    assert.notEqual(foreign.status, Status.OK);
    assert.equal((await server.call(api.getDevice, { id: added.data.id }, { token: twoB.token })).status, Status.NOT_FOUND);
  });
});
