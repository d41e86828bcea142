import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { formatMessage, Status, type AlarmRecord } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../test/push-service.ts';
import { alarmRepository } from '../alarms/alarm.repository.ts';

/**
 * Relatives' opt-in push (issue 28): with the care home's "relatives may receive alarm
 * notifications" on (console, beside the escalation chains; off by default) and the relative's
 * own opt-in, a red alarm of their resident is pushed to their phone when it is raised and when
 * it is handled, in plain words (the resident's name, no vital signs, no place, no staff names),
 * once; nothing of any other resident, nothing without both consents. Checked against the
 * loopback push service that verifies the VAPID JWT and decrypts the payload.
 */
describe('relatives\' opt-in alarm push', () => {
  let server: TestServer;
  let service: TestPushService;
  let relative = '';
  let manager = '';
  let foreignManager = '';
  let providerId = 0;
  const own = { id: 0, name: '', bedId: 0 };
  const other = { id: 0, name: '', bedId: 0 };
  let phone: TestSubscription;
  let nurse = '';
  let nursePhone: TestSubscription;

  const pushesOf = (alarmId: number, subscription = phone) => service.received.filter((push) => push.message.alarmId === alarmId && push.subscription === subscription.id);

  /** Raises an SOS (red) on the resident's bed and resolves with the committed alarm. */
  async function raiseSos(resident: { id: number; bedId: number }): Promise<AlarmRecord> {
    const placement = { providerId, bedId: resident.bedId, roomId: null, residentId: resident.id };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    const raised = new Promise<AlarmRecord>((resolve) => {
      const off = server.vigil.bus.subscribe('alarm.raised', ({ alarm }) => {
        if (alarm.deviceId !== deviceId) return;
        off();
        resolve(alarm);
      });
    });
    await server.vigil.bus.publish('device.event', { deviceId, deviceType: 20993, receivedAt: Date.now(), ...placement, subDevice: null, event: { ts: Date.now(), type: 'sos', status: 1 } });
    const alarm = await raised;
    assert.equal(alarm.alertLevel, 1, 'an SOS is red');
    assert.equal(alarm.userId, resident.id);
    return alarm;
  }

  /** Raises a red alarm of the resident and waits until the caregiver's phone got it (so the relatives' push, queued with it, is done). */
  async function raiseAndSettle(resident: { id: number; bedId: number }): Promise<AlarmRecord> {
    const alarm = await raiseSos(resident);
    await service.waitFor((push) => push.message.alarmId === alarm.id && push.subscription === nursePhone.id);
    await server.vigil.push.sender.idle();
    return alarm;
  }

  const saveSetting = (token: string, relativesPush: unknown, language = 'en-us') =>
    server.call(api.escalationSave, { red: [], orange: [], roster: [], relativesPush } as never, { token, language });

  before(async () => {
    service = await startTestPushService();
    server = await startTestServer({ demo: true, env: { VIGIL_PUSH_SERVICE_ORIGINS: service.origin } });
    const login = await server.call(api.login, { userName: 'demorelative', passWord: DEMO_PASSWORD, from: 'APP_RELATIVES', rsa: false });
    assert.equal(login.status, Status.OK, login.msg);
    relative = login.data.token;
    manager = (await server.login('demotwoa')).token;
    foreignManager = (await server.login('demotwob')).token;
    const db = server.vigil.database.db;
    const account = await db.selectFrom('accounts').select(['id', 'provider_id']).where('user_name', '=', 'demorelative').executeTakeFirstOrThrow();
    providerId = account.provider_id!;
    const ownRow = await db.selectFrom('resident_contacts as c').innerJoin('residents as r', 'r.id', 'c.resident_id').select(['r.id', 'r.name', 'r.bed_id']).where('c.account_id', '=', account.id).executeTakeFirstOrThrow();
    Object.assign(own, { id: ownRow.id, name: ownRow.name, bedId: ownRow.bed_id });
    const otherRow = await db.selectFrom('residents').select(['id', 'name', 'bed_id']).where('provider_id', '=', providerId).where('id', '!=', own.id).where('bed_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    Object.assign(other, { id: otherRow.id, name: otherRow.name, bedId: otherRow.bed_id });
    assert.ok(own.bedId && other.bedId, 'both residents lie on a bed');
    const nurseLogin = await server.call(api.login, { userName: '44770090500', passWord: DEMO_PASSWORD, from: 'APP_NURSING', rsa: false });
    assert.equal(nurseLogin.status, Status.OK, nurseLogin.msg);
    assert.equal(nurseLogin.data.providerId, providerId, 'the caregiver works in the relative\'s care home');
    nurse = nurseLogin.data.token;
    phone = service.subscribe();
    nursePhone = service.subscribe();
    assert.equal((await server.call(api.pushSubscribe, { endpoint: nursePhone.endpoint, keys: nursePhone.keys }, { token: nurse })).status, Status.OK);
  });
  after(async () => {
    await server?.close();
    await service?.close();
  });

  test('off by default: the relative subscribes their phone but cannot opt in until the care home allows it; the refusal is in their language and changes nothing', async () => {
    assert.deepEqual((await server.call(api.familyAlerts, {}, { token: relative })).data, { allowed: false, optedIn: false });
    assert.equal((await server.call(api.escalationGet, {}, { token: manager })).data.relativesPush, false);
    const key = await server.call(api.pushPublicKey, {}, { token: relative });
    assert.equal(key.status, Status.OK, key.msg);
    const subscribed = await server.call(api.pushSubscribe, { endpoint: phone.endpoint, keys: phone.keys, device: 'family phone' }, { token: relative, language: 'de' });
    assert.equal(subscribed.status, Status.OK, subscribed.msg);
    const refused = await server.call(api.familySetAlerts, { on: true }, { token: relative, language: 'de' });
    assert.equal(refused.status, Status.BAD_REQUEST);
    assert.equal(refused.msg, formatMessage('de', 'family.alertsNotAllowed'));
    const bad = await server.call(api.familySetAlerts, { on: 'yes' } as never, { token: relative, language: 'ja' });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.ok(bad.msg.endsWith(formatMessage('ja', 'family.alertsChoice')), bad.msg);
    assert.deepEqual((await server.call(api.familyAlerts, {}, { token: relative })).data, { allowed: false, optedIn: false });
    // Nothing is pushed to a relative who has not both consents.
    const alarm = await raiseAndSettle(own);
    assert.equal(pushesOf(alarm.id).length, 0);
  });

  test('the care home turns it on; bad input is refused in the manager\'s language and changes nothing; another care home cannot turn it on for this one', async () => {
    const bad = await saveSetting(manager, 'sometimes', 'it');
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.ok(bad.msg.endsWith(formatMessage('it', 'escalation.relativesPush')), bad.msg);
    assert.equal((await server.call(api.escalationGet, {}, { token: manager })).data.relativesPush, false);
    const foreign = await saveSetting(foreignManager, true);
    assert.equal(foreign.status, Status.OK, foreign.msg);
    assert.equal(foreign.data.relativesPush, true);
    assert.equal((await server.call(api.escalationGet, {}, { token: manager })).data.relativesPush, false, 'B\'s setting is B\'s');
    assert.deepEqual((await server.call(api.familyAlerts, {}, { token: relative })).data, { allowed: false, optedIn: false });
    const saved = await saveSetting(manager, true);
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.equal(saved.data.relativesPush, true);
    // Saving the chains without the field leaves the setting as it is.
    assert.equal((await server.call(api.escalationSave, { red: [], orange: [], roster: [] }, { token: manager })).data.relativesPush, true);
    assert.deepEqual((await server.call(api.familyAlerts, {}, { token: relative })).data, { allowed: true, optedIn: false });
    // Allowed but not opted in: still nothing.
    const alarm = await raiseAndSettle(own);
    assert.equal(pushesOf(alarm.id).length, 0);
  });

  test('opted in: their resident\'s red alarm is pushed once when raised and once when handled, in plain words; another resident\'s alarm never', async () => {
    const opted = await server.call(api.familySetAlerts, { on: true }, { token: relative });
    assert.equal(opted.status, Status.OK, opted.msg);
    assert.deepEqual(opted.data, { allowed: true, optedIn: true });
    const others = await raiseAndSettle(other);
    const alarm = await raiseSos(own);
    const raised = await service.waitFor((push) => push.message.alarmId === alarm.id && push.subscription === phone.id);
    assert.equal(raised.headers.encoding, 'aes128gcm');
    assert.deepEqual(raised.message, {
      v: 1, kind: 'alarm', alarmId: alarm.id, level: 1,
      title: formatMessage('de', 'push.family.title', { name: own.name }),
      body: formatMessage('de', 'push.family.raised', { name: own.name }),
      tag: `family-${alarm.id}`, url: '/app/', raisedAt: alarm.raisedAt, actionable: false, handler: null,
    }, 'in the language the phone subscribed in, the resident\'s name and nothing else');
    assert.ok(!JSON.stringify(raised.message).includes(alarm.address), 'no place');
    // Another process hearing the same commit does not push it again.
    await server.vigil.bus.publish('alarm.raised', { providerId, alarm, kind: 'new' });
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(alarm.id).length, 1);

    const handled = await server.call(api.alarmDealStatus, { id: alarm.id, dealOption: 'CHECKED' }, { token: nurse });
    assert.equal(handled.status, Status.OK, handled.msg);
    const over = await service.waitFor((push) => push.message.alarmId === alarm.id && push.subscription === phone.id && push.message.kind === 'handled');
    assert.equal(over.message.body, formatMessage('de', 'push.family.handled', { name: own.name }));
    assert.equal(over.message.handler, null, 'no staff names');
    assert.equal(over.headers.topic, `family-${alarm.id}`, 'replaces the raise on the phone');
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(alarm.id).length, 2);
    assert.equal(pushesOf(others.id).length, 0, 'another resident\'s alarm');
    assert.ok(!service.received.filter((push) => push.subscription === phone.id).some((push) => JSON.stringify(push.message).includes(other.name)));
  });

  test('foreign tokens: caregivers and managers of either care home are refused the family calls; another care home\'s relative, opted in there, gets nothing of this one', async () => {
    for (const token of [nurse, manager, foreignManager]) {
      assert.equal((await server.call(api.familyAlerts, {}, { token })).status, Status.NO_PERMISSION);
      assert.equal((await server.call(api.familySetAlerts, { on: false }, { token })).status, Status.NO_PERMISSION);
    }
    assert.deepEqual((await server.call(api.familyAlerts, {}, { token: relative })).data, { allowed: true, optedIn: true }, 'unchanged by them');
    const db = server.vigil.database.db;
    const providerB = (await db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwob').executeTakeFirstOrThrow()).provider_id!;
    const contact = await db
      .selectFrom('resident_contacts as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select('c.id')
      .where('a.role', '=', 'RELATIVES')
      .where('c.provider_id', '=', providerB)
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const reset = await server.call(api.resetRelativePassword, { id: contact.id }, { token: foreignManager });
    assert.equal(reset.status, Status.OK, reset.msg);
    const login = await server.call(api.login, { userName: reset.data.userName, passWord: reset.data.password, from: 'APP_RELATIVES', rsa: false });
    const foreignRelative = login.data.token;
    // B allows it (saved in the test before): B's relative opts in there.
    assert.deepEqual((await server.call(api.familySetAlerts, { on: true }, { token: foreignRelative })).data, { allowed: true, optedIn: true });
    const foreignPhone = service.subscribe();
    assert.equal((await server.call(api.pushSubscribe, { endpoint: foreignPhone.endpoint, keys: foreignPhone.keys }, { token: foreignRelative })).status, Status.OK);
    const alarm = await raiseSos(own);
    await service.waitFor((push) => push.message.alarmId === alarm.id && push.subscription === phone.id);
    await server.vigil.push.sender.idle();
    assert.equal(service.received.filter((push) => push.subscription === foreignPhone.id).length, 0);
  });

  test('a red alarm committed, then handled, by a process that stopped before telling the relative reaches their phone once each by the sweep', async () => {
    // Committed without the bus: as if the process died right after each commit.
    const db = server.vigil.database.db;
    const alarms = alarmRepository(db);
    const deviceId = await insertDevice(db, { deviceType: 20993, providerId, bedId: own.bedId, roomId: null, residentId: own.id });
    const raisedAt = Date.now() - 5000;
    const { row } = await alarms.raiseOpen({
      provider_id: providerId, device_id: deviceId, device_type: 20993, alert_type: 'SOS', alarm_group: 'SOS', alert_level: 1, open_key: `${deviceId}|SOS`,
      resident_id: own.id, bed_id: own.bedId, room_id: null, floor_id: null, area_id: null, user_name: own.name, bunk: '', room: '', floor_area: '',
      status: 1, duration: null, raised_at: raisedAt, last_at: raisedAt, repeat_count: 0, relieved: 0, release_source: 0, deal_state: 'unDeal',
    });
    assert.ok((await server.vigil.push.sweep(Date.now())) >= 1);
    const raised = await service.waitFor((push) => push.message.alarmId === row.id && push.subscription === phone.id);
    assert.equal(raised.message.body, formatMessage('de', 'push.family.raised', { name: own.name }));
    await server.vigil.push.sweep(Date.now());
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(row.id).length, 1, 'a second sweep finds it claimed');

    const handled = await alarms.handle(row.id, providerId, { handler_id: null, handler_name: 'night nurse', deal_time: Date.now() - 5000, deal_option: 'CHECKED', follow_up: null, remark: null });
    assert.ok(handled, 'handled');
    assert.ok((await server.vigil.push.sweep(Date.now())) >= 1);
    const over = await service.waitFor((push) => push.message.alarmId === row.id && push.subscription === phone.id && push.message.kind === 'handled');
    assert.equal(over.message.body, formatMessage('de', 'push.family.handled', { name: own.name }));
    await server.vigil.push.sweep(Date.now());
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(row.id).length, 2, 'raise and end, once each');
  });

  test('opting out, or the care home turning it off, stops the pushes', async () => {
    assert.deepEqual((await server.call(api.familySetAlerts, { on: false }, { token: relative })).data, { allowed: true, optedIn: false });
    const first = await raiseAndSettle(own);
    assert.equal(pushesOf(first.id).length, 0);
    assert.equal((await server.call(api.familySetAlerts, { on: true }, { token: relative })).status, Status.OK);
    assert.equal((await saveSetting(manager, false)).data.relativesPush, false);
    assert.deepEqual((await server.call(api.familyAlerts, {}, { token: relative })).data, { allowed: false, optedIn: true });
    const second = await raiseAndSettle(own);
    assert.equal(pushesOf(second.id).length, 0);
    // Turning it off needs no consent.
    assert.deepEqual((await server.call(api.familySetAlerts, { on: false }, { token: relative })).data, { allowed: false, optedIn: false });
  });
});
