import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { formatAlarmText, Status, type AlarmRecord } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../test/push-service.ts';
import { pushRepository } from './push.repository.ts';

/**
 * Web Push to the caregiver app (issue 28, docs/app.md "Push"): a push service on loopback that
 * checks the VAPID JWT and decrypts the RFC 8291 payload with the subscription's keys receives
 * each alarm once, with its content, within 1 s of the commit; 410 removes the subscription; an
 * alarm committed by a process that stopped before pushing it is pushed once by the sweep.
 */
const CAREGIVER_A = '44770090500';
const CAREGIVER_B = '44770091500';

describe('web push to the caregiver app', () => {
  let server: TestServer;
  let service: TestPushService;
  let nurseA = '';
  let nurseB = '';
  let providerA = 0;
  let bedA = 0;
  let phoneA: TestSubscription;
  let phoneB: TestSubscription;
  /** When each alarm's raise was published on the bus (= committed). */
  const committedAt = new Map<number, number>();

  const appLogin = async (userName: string) => {
    const result = await server.call(api.login, { userName, passWord: DEMO_PASSWORD, from: 'APP_NURSING', rsa: false });
    assert.equal(result.status, Status.OK, result.msg);
    return result.data;
  };
  const subscribe = async (token: string, subscription: TestSubscription, language = 'en-us') =>
    server.call(api.pushSubscribe, { endpoint: subscription.endpoint, keys: subscription.keys, device: 'test phone' }, { token, language });

  async function raiseSos(): Promise<AlarmRecord> {
    const placement = { providerId: providerA, bedId: bedA, roomId: null, residentId: null };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    const raised = new Promise<AlarmRecord>((resolve) => {
      const off = server.vigil.bus.subscribe('alarm.raised', ({ alarm }) => {
        if (alarm.deviceId !== deviceId) return;
        committedAt.set(alarm.id, Date.now());
        off();
        resolve(alarm);
      });
    });
    await server.vigil.bus.publish('device.event', { deviceId, deviceType: 20993, receivedAt: Date.now(), ...placement, subDevice: null, event: { ts: Date.now(), type: 'sos', status: 1 } });
    return raised;
  }
  const pushesOf = (alarmId: number, kind?: string) => service.received.filter((push) => push.message.alarmId === alarmId && (kind === undefined || push.message.kind === kind));

  before(async () => {
    service = await startTestPushService();
    server = await startTestServer({ demo: true, env: { VIGIL_PUSH_SERVICE_ORIGINS: service.origin, VIGIL_PUSH_SUBJECT: 'mailto:night-desk@example.org' } });
    const a = await appLogin(CAREGIVER_A);
    nurseA = a.token;
    providerA = a.providerId ?? 0;
    nurseB = (await appLogin(CAREGIVER_B)).token;
    const installer = (await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'APP_MAINTAIN', rsa: false })).data.token;
    bedA = (await server.call(api.getAdminBunkList, {}, { token: installer })).data[0].id;
    phoneA = service.subscribe();
    phoneB = service.subscribe();
  });
  after(async () => {
    await server?.close();
    await service?.close();
  });

  test('a caregiver reads the VAPID key and subscribes; bad endpoints and keys are refused in her language, nothing stored', async () => {
    const key = await server.call(api.pushPublicKey, {}, { token: nurseA });
    assert.equal(key.status, Status.OK, key.msg);
    assert.equal(Buffer.from(key.data.publicKey, 'base64url').length, 65);
    // Every process reads the stored pair: a second process's own fresh pair is not used.
    const again = await pushRepository(server.vigil.database.db).vapidKeys(() => ({ publicKey: 'other', privateKey: 'other' }), Date.now());
    assert.equal(again.publicKey, key.data.publicKey);

    const foreign = await server.call(api.pushSubscribe, { endpoint: 'https://attacker.example/collect', keys: phoneA.keys }, { token: nurseA, language: 'de' });
    assert.equal(foreign.status, Status.BAD_REQUEST);
    assert.match(foreign.msg, /Push-Adresse/);
    const plainHttp = await server.call(api.pushSubscribe, { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: phoneA.keys }, { token: nurseA });
    assert.equal(plainHttp.status, Status.BAD_REQUEST);
    const badKey = await server.call(api.pushSubscribe, { endpoint: phoneA.endpoint, keys: { p256dh: 'A'.repeat(87), auth: phoneA.keys.auth } }, { token: nurseA, language: 'de' });
    assert.equal(badKey.status, Status.BAD_REQUEST);
    assert.match(badKey.msg, /Schlüssel/);
    assert.equal((await pushRepository(server.vigil.database.db).caregiverTargets(providerA)).length, 0);

    assert.equal((await subscribe(nurseA, phoneA)).status, Status.OK);
    assert.equal((await subscribe(nurseB, phoneB)).status, Status.OK);
    // Subscribing again (the app does on every start) keeps one row for the endpoint.
    assert.equal((await subscribe(nurseA, phoneA)).status, Status.OK);
    assert.equal((await pushRepository(server.vigil.database.db).caregiverTargets(providerA)).length, 1);
  });

  test('an alarm reaches her phone once, encrypted and VAPID-signed, within 1 s of commit; not another care home\'s phone', async (t) => {
    const alarm = await raiseSos();
    const push = await service.waitFor((received) => received.message.alarmId === alarm.id);
    const latency = push.receivedAt - committedAt.get(alarm.id)!;
    assert.ok(latency < 1000, `pushed ${latency} ms after commit`);
    t.diagnostic(`pushed ${latency} ms after commit`);
    assert.equal(push.subscription, phoneA.id);
    assert.equal(push.vapid.aud, service.origin);
    assert.equal(push.vapid.sub, 'mailto:night-desk@example.org');
    assert.equal(push.vapid.publicKey, (await server.call(api.pushPublicKey, {}, { token: nurseA })).data.publicKey);
    assert.deepEqual(push.headers, { ttl: '3600', urgency: 'high', topic: `alarm-${alarm.id}`, encoding: 'aes128gcm' });
    assert.equal(push.message.kind, 'alarm');
    assert.equal(push.message.level, alarm.alertLevel);
    assert.equal(push.message.title, formatAlarmText('en-us', alarm.shortKey));
    assert.equal(push.message.body, alarm.text);
    assert.equal(push.message.url, `/app/?alarm=${alarm.id}`);
    assert.equal(push.message.tag, `alarm-${alarm.id}`);
    assert.equal(push.message.actionable, true);

    // Another process hearing the same commit (the Redis bus delivers it to every process) does not push it again.
    await server.vigil.bus.publish('alarm.raised', { providerId: providerA, alarm, kind: 'new' });
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(alarm.id).length, 1);
    assert.equal(service.received.filter((received) => received.subscription === phoneB.id).length, 0, 'caregiver B works in another care home');
    assert.deepEqual(service.rejected, []);
  });

  test('handled on another terminal: the phone gets "handled by …" under the same topic', async () => {
    const alarm = await raiseSos();
    await service.waitFor((received) => received.message.alarmId === alarm.id);
    const handled = await server.call(api.alarmDealStatus, { id: alarm.id, dealOption: 'CHECKED' }, { token: nurseA });
    assert.equal(handled.status, Status.OK, handled.msg);
    const push = await service.waitFor((received) => received.message.alarmId === alarm.id && received.message.kind === 'handled');
    assert.match(String(push.message.body), /^Handled by .+\.$/);
    assert.equal(push.headers.topic, `alarm-${alarm.id}`);
    assert.equal(push.message.actionable, false);
  });

  test('a subscription the push service answers 410 is removed', async () => {
    const phone = service.subscribe();
    assert.equal((await subscribe(nurseA, phone, 'ja')).status, Status.OK);
    service.answer(phone.id, 410);
    const alarm = await raiseSos();
    const push = await service.waitFor((received) => received.message.alarmId === alarm.id && received.subscription === phone.id);
    assert.equal(push.message.title, formatAlarmText('ja', alarm.shortKey), 'in the language she subscribed in');
    await server.vigil.push.sender.idle();
    const left = await pushRepository(server.vigil.database.db).caregiverTargets(providerA);
    assert.deepEqual(left.map((target) => target.endpoint), [phoneA.endpoint]);
  });

  test('an alarm committed by a process that stopped before pushing it is pushed once by the sweep', async () => {
    // Committed without the bus: as if the process died right after the commit.
    const placement = { providerId: providerA, bedId: bedA, roomId: null, residentId: null };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    const now = Date.now();
    const { row } = await import('../alarms/alarm.repository.ts').then(({ alarmRepository }) =>
      alarmRepository(server.vigil.database.db).raiseOpen({
        provider_id: providerA, device_id: deviceId, device_type: 20993, alert_type: 'SOS', alarm_group: 'SOS', alert_level: 1, open_key: `${deviceId}|SOS`,
        resident_id: null, bed_id: bedA, room_id: null, floor_id: null, area_id: null, user_name: '', bunk: '', room: '', floor_area: '',
        status: 1, duration: null, raised_at: now - 5000, last_at: now - 5000, repeat_count: 0, relieved: 0, release_source: 0, deal_state: 'unDeal',
      }),
    );
    assert.ok((await server.vigil.push.sweep(Date.now())) >= 1);
    await service.waitFor((received) => received.message.alarmId === row.id);
    await server.vigil.push.sweep(Date.now());
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(row.id).length, 1);
  });

  test('an orange alarm turned red by a process that stopped before pushing the red is pushed red once by the sweep', async () => {
    const placement = { providerId: providerA, bedId: bedA, roomId: null, residentId: null };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    const now = Date.now();
    const db = server.vigil.database.db;
    const { row } = await import('../alarms/alarm.repository.ts').then(({ alarmRepository }) =>
      alarmRepository(db).raiseOpen({
        provider_id: providerA, device_id: deviceId, device_type: 20993, alert_type: 'SOS', alarm_group: 'SOS', alert_level: 2, open_key: `${deviceId}|SOS`,
        resident_id: null, bed_id: bedA, room_id: null, floor_id: null, area_id: null, user_name: '', bunk: '', room: '', floor_area: '',
        status: 1, duration: null, raised_at: now - 120_000, last_at: now - 120_000, repeat_count: 0, relieved: 0, release_source: 0, deal_state: 'unDeal',
      }),
    );
    // Its orange raise was pushed; then it turned red, committed without the bus: as if the process died right after.
    assert.ok(await server.vigil.push.repository.claim(row.id, 'new', providerA, now - 120_000));
    await server.vigil.push.repository.markSent(row.id, 'new', now - 120_000);
    await db.updateTable('alarms').set({ alert_level: 1, escalated_at: now - 5000 }).where('id', '=', row.id).execute();
    assert.ok((await server.vigil.push.sweep(Date.now())) >= 1);
    const red = await service.waitFor((received) => received.message.alarmId === row.id && received.message.kind === 'escalated');
    assert.equal(red.message.level, 1);
    await server.vigil.push.sweep(Date.now());
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(row.id).filter((received) => received.message.kind === 'escalated').length, pushesOf(row.id).length, 'only the red, nothing else');
    assert.equal(new Set(pushesOf(row.id).map((received) => received.subscription)).size, pushesOf(row.id).length, 'once per phone');
  });

  test('tapping the notification opens the alarm: the log shows who opened it and when, once; another care home\'s caregiver is not found', async () => {
    const manager = await server.login('demotwoa');
    assert.equal(manager.providerId, providerA, 'the manager of caregiver A\'s care home');
    const alarm = await raiseSos();
    await service.waitFor((received) => received.message.alarmId === alarm.id && received.subscription === phoneA.id);
    const before = Date.now();
    const opened = await server.call(api.alarmOpened, { id: alarm.id }, { token: nurseA });
    assert.equal(opened.status, Status.OK, opened.msg);
    // The app opens it again (a second tap): still once on the log.
    assert.equal((await server.call(api.alarmOpened, { id: alarm.id }, { token: nurseA })).status, Status.OK);
    const foreign = await server.call(api.alarmOpened, { id: alarm.id }, { token: nurseB, language: 'de' });
    assert.equal(foreign.status, Status.NOT_FOUND);
    const bad = await server.call(api.alarmOpened, { id: 'x' } as never, { token: nurseA, language: 'ja' });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.ok(bad.msg.length > 0);
    const log = await server.call(api.alarmNotifications, { id: alarm.id }, { token: manager.token });
    assert.equal(log.status, Status.OK, log.msg);
    const openings = log.data.notifications.filter((row) => row.status === 'opened');
    assert.equal(openings.length, 1);
    const caregiverA = await server.vigil.database.db.selectFrom('caregivers as c').innerJoin('accounts as a', 'a.id', 'c.account_id').select('c.name').where('a.user_name', '=', CAREGIVER_A).executeTakeFirstOrThrow();
    assert.equal(openings[0].recipient, caregiverA.name);
    assert.equal(openings[0].channel, 'push');
    assert.ok(openings[0].at >= before && openings[0].at <= Date.now());
  });

  test('unsubscribing stops the pushes to that phone', async () => {
    const removed = await server.call(api.pushUnsubscribe, { endpoint: phoneA.endpoint }, { token: nurseA });
    assert.deepEqual(removed.data, { removed: true });
    const alarm = await raiseSos();
    await server.vigil.push.sender.idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.vigil.push.sender.idle();
    assert.equal(pushesOf(alarm.id).length, 0);
  });
});
