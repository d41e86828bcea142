import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { DEFAULT_ALERT_LEVEL_SETTING, SOCKET_CLOSE_SESSION_ENDED, Status, type AlarmRecord, type DevicePlacement } from '@vigil/contracts';
import { eventually, insertDevice, openSocket, type TestSocket } from '../../test/alarm-fixtures.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Issue 10 end to end in one process: a device event on the bus → the alarm row → every
 * socket of the provider gets /alertNotify with the spec 02 §7 fields; handling on one
 * console → /checkAlarm everywhere and "already handled" for the second; relief by device
 * status; a foreign provider's socket hears nothing. (The MQTT leg: multi-process.test.ts.)
 */
describe('alarms: store, handling, live socket', () => {
  let server: TestServer;
  let baseUrl: string;
  let tokenA: string;
  let tokenA2: string;
  let keyA: string;
  let keyA2: string;
  let keyB: string;
  let providerA: number;
  let residentId: number;
  let placement: DevicePlacement & { providerId: number };
  let radarId: string;
  let monitorId: string;
  const sockets: TestSocket[] = [];

  before(async () => {
    server = await startTestServer({ demo: true });
    await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.vigil.app.server.address() as AddressInfo).port}`;
    const a = await server.login('demotwoa');
    const a2 = await server.login('demotwoa');
    const b = await server.login('demotwob');
    [tokenA, tokenA2, keyA, keyA2, keyB] = [a.token, a2.token, a.key, a2.key, b.key];
    providerA = a.providerId ?? 0;
    const place = await buildPlace(server, tokenA, { area: 'Alarm Wing', floor: '2F', rooms: '201', beds: '1' });
    const resident = await server.call(api.insertUser, { name: 'Alma Test', gender: 'female', birthDate: '1940-02-02', bunkId: place.bedIds[0] }, { token: tokenA });
    assert.equal(resident.status, 200, resident.msg);
    residentId = resident.data.id;
    placement = { providerId: providerA, bedId: place.bedIds[0], roomId: place.roomIds[0], residentId: null };
    const db = server.vigil.database.db;
    radarId = await insertDevice(db, { deviceType: 21007, providerId: providerA, bedId: null, roomId: place.roomIds[0], residentId: null });
    monitorId = await insertDevice(db, { deviceType: 49, ...placement });
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  const fall = (status: number) =>
    server.vigil.bus.publish('device.event', {
      deviceId: radarId, deviceType: 21007, receivedAt: Date.now(), providerId: providerA, bedId: null, roomId: placement.roomId, residentId: null,
      subDevice: null, event: { ts: Date.now(), type: 'fall', status },
    });

  test('a fall is stored once, then announced to every socket of the provider with the §7 fields; a foreign socket hears nothing', async () => {
    const one = await openSocket(baseUrl, { key: keyA });
    const two = await openSocket(baseUrl, { key: keyA2, language: 'zh-cn' });
    const foreign = await openSocket(baseUrl, { key: keyB });
    sockets.push(one, two, foreign);
    await fall(2);
    const notice = await one.waitFor('/alertNotify', (frame) => frame.data.alertType === 'FALL_ALARM');
    const row = await server.vigil.database.db.selectFrom('alarms').selectAll().where('device_id', '=', radarId).execute();
    assert.equal(row.length, 1);
    assert.equal(notice.data.id, row[0].id);
    for (const field of ['userId', 'duration', 'floorArea', 'room', 'bunk', 'userName', 'alertLevel', 'timeStamp', 'alertType', 'deviceType'] as const) {
      assert.ok(field in notice.data, `notice has ${field}`);
    }
    assert.equal(notice.data.room, '201');
    assert.equal(notice.data.floorArea, 'Alarm Wing / 2F');
    assert.equal(notice.data.alertLevel, DEFAULT_ALERT_LEVEL_SETTING.levels.fall);
    assert.equal(notice.data.text, 'A fall was detected at Alarm Wing / 2F / 201.');
    const chinese = await two.waitFor('/alertNotify', (frame) => frame.data.id === notice.data.id);
    assert.notEqual(chinese.data.text, notice.data.text);

    // A repeat updates the open alarm instead of adding one.
    await fall(2);
    await one.waitFor('/alertNotify', (frame) => frame.data.id === notice.data.id && frame.data.repeatCount === 1);
    assert.equal((await server.vigil.database.db.selectFrom('alarms').select('id').where('device_id', '=', radarId).execute()).length, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(foreign.of('/alertNotify').length, 0);

    const pending = await server.call(api.alarmLogUnDeal, { startTime: Date.now() - 3_600_000, pageSize: 1000, pageNum: 1, orderBy: 'timeStamp', order: 'desc' }, { token: tokenA });
    assert.ok(pending.data.rows.some((alarm) => alarm.id === notice.data.id));
    assert.equal((await server.call(api.monitorAlertFlag, {}, { token: tokenA })).data, true);
    assert.equal((await server.call(api.monitorAlertFlag, {}, { token: (await server.login('demotwob')).token })).data, false);

    // The radar belongs to the room, not to a resident: the fall marks the card of each resident of the room (issue 25 item 4).
    assert.equal(notice.data.userId, null);
    assert.equal(notice.data.roomId, placement.roomId);
    const board = await server.call(api.monitorUserList, { keyWord: 'alma' }, { token: tokenA });
    assert.equal(board.data.rows[0].roomId, placement.roomId);
    assert.ok(board.data.rows[0].openAlarms.some((alarm) => alarm.id === notice.data.id && alarm.alertLevel === 1), 'the room\'s fall is on Alma\'s card');
  });

  test('handling is atomic: one console wins, the other gets "already handled", both sockets hear /checkAlarm', async () => {
    const [one, two] = sockets;
    const notice = one.of('/alertNotify').find((frame) => frame.data.alertType === 'FALL_ALARM');
    assert.ok(notice);
    const input = { id: notice.data.id, dealOption: 'CHECKED', followUp: 'NO_ABNORMALITY', remark: 'seen' };
    const [first, second] = await Promise.all([server.call(api.alarmDealStatus, input, { token: tokenA }), server.call(api.alarmDealStatus, input, { token: tokenA2 })]);
    const statuses = [first.status, second.status].sort();
    assert.deepEqual(statuses, [200, Status.CONFLICT]);
    const loser = first.status === 200 ? second : first;
    assert.match(loser.msg, /already been handled on another terminal/);
    const winner: AlarmRecord = first.status === 200 ? first.data : second.data;
    assert.equal(winner.dealState, 'processed');
    assert.equal(winner.dealOption, 'CHECKED');
    assert.ok(winner.responseMs !== null && winner.responseMs >= 0);
    assert.ok(winner.handler);
    for (const socket of [one, two]) await socket.waitFor('/checkAlarm', (frame) => frame.data.id === notice.data.id);
    const pending = await server.call(api.alarmLogUnDeal, { startTime: Date.now() - 3_600_000 }, { token: tokenA });
    assert.ok(!pending.data.rows.some((alarm) => alarm.id === notice.data.id));
    // A fall after handling opens a new alarm.
    await fall(2);
    await one.waitFor('/alertNotify', (frame) => frame.data.alertType === 'FALL_ALARM' && frame.data.id !== notice.data.id);
  });

  test('a device going offline raises CONNECTION; coming back relieves it (source 3) with /userStatusNotify', async () => {
    const [one] = sockets;
    const status = (online: boolean, wasOnline: boolean) =>
      server.vigil.bus.publish('device.status', {
        deviceId: monitorId, deviceType: 49, receivedAt: Date.now(), ...placement, online, wasOnline, reason: online ? 'returned' : 'silence', status: {},
      });
    await status(false, true);
    const raised = await one.waitFor('/alertNotify', (frame) => frame.data.alertType === 'CONNECTION');
    assert.equal(raised.data.userName, 'Alma Test');
    assert.equal(raised.data.userId, residentId);
    assert.equal(raised.data.status, 0);
    assert.equal(api.isRelieved('CONNECTION', raised.data.status, '/alertNotify'), false);
    await status(true, false);
    const relief = await one.waitFor('/userStatusNotify', (frame) => frame.data.id === raised.data.id);
    assert.equal(relief.data.alertType, 'RELIVE_ALERT');
    assert.equal(relief.data.releaseSource, 3);
    assert.equal(api.isRelieved('CONNECTION', relief.data.status, '/userStatusNotify'), true);
    const log = await server.call(api.alarmLogList, { alertType: 'CONNECTION' }, { token: tokenA });
    const record = log.data.rows.find((alarm) => alarm.id === raised.data.id);
    assert.equal(record?.isRelieve, true);
    assert.equal(record?.releaseSource, 3);
  });

  test('released from the console: source 1, leaves the pending list; a second release is refused', async () => {
    await fall(1);
    const [one] = sockets;
    const suspected = await one.waitFor('/alertNotify', (frame) => frame.data.alertType === 'MAYBE_FALL_ALARM');
    const released = await server.call(api.alarmRelieveAlert, { id: suspected.data.id, removeReason: 'resident fine' }, { token: tokenA });
    assert.equal(released.status, 200, released.msg);
    assert.equal(released.data.releaseSource, 1);
    assert.equal((await server.call(api.alarmRelieveAlert, { id: suspected.data.id }, { token: tokenA })).status, Status.CONFLICT);
    await one.waitFor('/userStatusNotify', (frame) => frame.data.id === suspected.data.id && frame.data.releaseSource === 1);
  });

  test('telemetry raises bed alarms with the resident settings; live samples reach the board and /dataChange', async () => {
    const [one] = sockets;
    const saved = await server.call(api.saveResidentAlarmSetting, { userId: residentId, settings: { ...api.DEFAULT_RESIDENT_ALARM_SETTINGS, values: { ...api.DEFAULT_RESIDENT_ALARM_SETTINGS.values, leftBedTime: 60 } } }, { token: tokenA });
    assert.equal(saved.status, 200, saved.msg);
    assert.equal(saved.data.source, 'resident');
    // Left-bed rules apply inside the sleep schedule only (night-rules.test.ts): this resident's covers now.
    const clock = (hoursFromNow: number) => `${String((new Date().getUTCHours() + 24 + hoursFromNow) % 24).padStart(2, '0')}:00`;
    await server.vigil.database.db.updateTable('devices').set({ settings: JSON.stringify({ sleepSchedule: { bedTime: clock(-1), wakeTime: clock(2) } }) }).where('device_id', '=', monitorId).execute();
    const t0 = Date.now() - 120_000;
    const samples = Array.from({ length: 80 }, (_, i) => ({ t: t0 + i * 1000, hr: 60, rr: 14, move: i === 79 ? 7 : 0, bed: i < 5 ? ('in' as const) : ('out' as const) }));
    await server.vigil.bus.publish('device.samples', { deviceId: monitorId, deviceType: 49, receivedAt: Date.now(), ...placement, samples });
    const overtime = await one.waitFor('/alertNotify', (frame) => frame.data.alertType === 'LEFT_BED_OVERTIME');
    assert.equal(overtime.data.duration, 60);
    assert.equal(overtime.data.text, 'Alma Test (Alarm Wing / 2F / 201 / 1) has been out of bed for 1 min or more.');
    await server.vigil.alarms.live.flush();
    const change = await one.waitFor('/dataChange', (frame) => frame.data.some((sample) => sample.userId === residentId));
    assert.equal(change.data.find((sample) => sample.userId === residentId)?.bedState, 'out');
    assert.equal(change.data.find((sample) => sample.userId === residentId)?.move, 7, 'the movement of the latest second (the household movement line)');

    assert.equal((await server.call(api.monitorAddFocusUser, { userIds: [residentId] }, { token: tokenA })).status, 200);
    const focus = await server.call(api.monitorFocusUsers, {}, { token: tokenA });
    assert.equal(focus.data.length, 1);
    assert.equal(focus.data[0].userId, residentId);
    assert.equal(focus.data[0].focused, true);
    assert.ok(focus.data[0].openAlarms.some((alarm) => alarm.alertType === 'LEFT_BED_OVERTIME'));
    // The bed's sleep monitor, and the fall radar of the resident's room (the household page shows where the person is).
    assert.deepEqual(focus.data[0].devices.map((device) => device.deviceId).sort(), [monitorId, radarId].sort());
    const board = await server.call(api.monitorUserList, { keyWord: 'alma' }, { token: tokenA });
    assert.equal(board.data.total, 1);
    assert.equal(board.data.rows[0].hr, 60);
    assert.equal(board.data.rows[0].move, 7);
    assert.equal((await server.call(api.monitorDeleteFocusUser, { userId: residentId }, { token: tokenA })).status, 200);
    assert.equal((await server.call(api.monitorFocusUsers, {}, { token: tokenA })).data.length, 0);
  });

  test('the household chart opens with the last 10 minutes of stored samples (issue 25 item 10)', async () => {
    const now = Date.now();
    const stored = [now - 15 * 60_000, now - 9 * 60_000, now - 60_000].map((t, i) => ({ t, hr: 60 + i, rr: 14, move: 0, bed: 'in' as const }));
    server.vigil.telemetry.append(monitorId, stored);
    (await server.vigil.telemetry.writePending(server.vigil.database.db))(true);
    const recent = await server.call(api.monitorRecentSamples, { userId: residentId }, { token: tokenA });
    assert.equal(recent.status, 200, recent.msg);
    assert.deepEqual(recent.data.map((sample) => [sample.t, sample.hr]), [[now - 9 * 60_000, 61], [now - 60_000, 62]], 'the last 10 minutes, oldest first');
    assert.equal((await server.call(api.monitorRecentSamples, { userId: residentId }, { token: (await server.login('demotwob')).token })).status, Status.NOT_FOUND);
  });

  test('levels: defaults until saved; saved levels apply to new alarms and their voice', async () => {
    const initial = await server.call(api.queryAlertLevel, {}, { token: tokenA });
    assert.equal(initial.data.saved, false);
    const levels = { ...initial.data.levels, sos: 2 };
    const saved = await server.call(api.saveAlertLevel, { levels, alertTypeL1: '{"pc":true,"globalVoiceWay":3}', alertTypeL2: { pc: false, globalVoiceWay: 1 }, escalationMinutes: 5 }, { token: tokenA });
    assert.equal(saved.status, 200, saved.msg);
    assert.equal(saved.data.levels.sos, 2);
    assert.equal(saved.data.alertTypeL2.globalVoiceWay, 1);
    const bad = await server.call(api.saveAlertLevel, { levels: { ...levels, sos: 3 }, alertTypeL1: { pc: true, globalVoiceWay: 3 }, alertTypeL2: { pc: true, globalVoiceWay: 1 }, escalationMinutes: 5 }, { token: tokenA });
    assert.equal(bad.status, 400);
    assert.equal((await server.call(api.queryAlertLevel, {}, { token: tokenA })).data.levels.sos, 2);
  });

  test('the alarm log filters, pages and exports a spreadsheet', async () => {
    const all = await server.call(api.alarmLogList, { pageSize: 2 }, { token: tokenA });
    assert.ok(all.data.total >= 4);
    assert.equal(all.data.rows.length, 2);
    const processed = await server.call(api.alarmLogList, { dealState: 'processed' }, { token: tokenA });
    assert.ok(processed.data.rows.every((alarm) => alarm.dealState === 'processed'));
    const byRoom = await server.call(api.alarmLogList, { roomId: placement.roomId ?? 0, type: ['fall'] }, { token: tokenA });
    assert.ok(byRoom.data.rows.length >= 2 && byRoom.data.rows.every((alarm) => alarm.type === 'fall'));
    const keyword = await server.call(api.alarmLogList, { keyWord: 'ALMA' }, { token: tokenA });
    assert.ok(keyword.data.rows.length > 0 && keyword.data.rows.every((alarm) => alarm.userName === 'Alma Test'));
    const file = await server.vigil.app.inject({ method: 'GET', url: '/api/alarmLog/exportAlarmLog', headers: { 's-token': tokenA } });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-disposition']), /alarm-log-.*\.xlsx/);
    assert.equal(file.rawPayload.subarray(0, 2).toString(), 'PK');
  });

  test('logging out closes the socket of that session', async () => {
    const extra = await server.login('demotwoa');
    const socket = await openSocket(baseUrl, { key: extra.key });
    await server.vigil.app.inject({ method: 'GET', url: '/api/admin/logout', headers: { 's-token': extra.token } });
    await server.vigil.alarms.hub.recheckAll();
    assert.equal(await socket.closed, SOCKET_CLOSE_SESSION_ENDED);
    const refused = await openSocket(baseUrl);
    refused.send({ path: '/login', key: extra.key });
    assert.equal((await refused.waitFor('/login')).code, 401);
    const heartbeat = sockets[0];
    heartbeat.send({ path: '/hearBeat', key: keyA, msg: 'ping' });
    await heartbeat.waitFor('/heartBeatResp');
  });
  test('a pending orange alarm past the escalation time turns red and is announced again; old closed alarms are purged', async () => {
    const [one] = sockets;
    const sosId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    await server.vigil.bus.publish('device.event', { deviceId: sosId, deviceType: 20993, receivedAt: Date.now(), ...placement, subDevice: null, event: { ts: Date.now(), type: 'sos', status: 1 } });
    const orange = await one.waitFor('/safeAlertNotify', (frame) => frame.data.deviceId === sosId);
    assert.equal(orange.data.alertLevel, 2);
    assert.equal(await server.vigil.alarms.store.escalate(Date.now() + 4 * 60_000), 0, 'not before the provider\'s 5 minutes');
    assert.equal(await server.vigil.alarms.store.escalate(Date.now() + 6 * 60_000), 1);
    const red = await one.waitFor('/safeAlertNotify', (frame) => frame.data.id === orange.data.id && frame.data.alertLevel === 1);
    assert.equal(red.data.voiceWay, 3);
    const db = server.vigil.database.db;
    const closedBefore = await db.selectFrom('alarms').select('id').where('open_key', 'is', null).execute();
    assert.ok(closedBefore.length > 0);
    assert.equal(await server.vigil.alarms.purge(Date.now() + 30 * 86_400_000), 0, 'a month is kept');
    const purged = await server.vigil.alarms.purge(Date.now() + 32 * 86_400_000);
    assert.equal(purged, closedBefore.length);
    assert.ok((await db.selectFrom('alarms').select('id').where('id', '=', red.data.id).executeTakeFirst()) !== undefined, 'open alarms stay');
  });
  test('a burst in one turn (batched commit, corked socket writes): every alarm committed before its notice, stored once, in order per device, nothing to a foreign socket', async () => {
    const [one, , foreign] = sockets;
    const db = server.vigil.database.db;
    const prefix = `BURST-${Date.now().toString(36)}`;
    const devices = Array.from({ length: 150 }, (_, i) => `${prefix}-${i}`);
    const notCommitted: number[] = [];
    const stop = server.vigil.bus.subscribe('alarm.raised', async ({ alarm }) => {
      if (!alarm.deviceId.startsWith(prefix)) return;
      const row = await db.selectFrom('alarms').select('id').where('id', '=', alarm.id).executeTakeFirst();
      if (!row) notCommitted.push(alarm.id);
    });
    const sos = (deviceId: string, status: number) =>
      server.vigil.bus.publish('device.event', { deviceId, deviceType: 20993, receivedAt: Date.now(), providerId: providerA, bedId: null, roomId: null, residentId: null, subDevice: null, event: { ts: Date.now(), type: 'sos', status } });
    // Raise, repeat and relieve of every device, all sent in the same turn.
    await Promise.all(devices.flatMap((deviceId) => [sos(deviceId, 1), sos(deviceId, 1), sos(deviceId, 0)]));
    await server.vigil.alarms.pipeline.drain();
    stop();
    const rows = await db.selectFrom('alarms').select(['id', 'device_id', 'repeat_count', 'relieved']).where('device_id', 'like', `${prefix}-%`).execute();
    const ids = new Set(rows.map((row) => row.id));
    await eventually(() => one.of('/userStatusNotify').filter((frame) => ids.has(frame.data.id)).length >= devices.length, 10_000, 'every relief heard');
    assert.equal(rows.length, devices.length, 'one alarm per device');
    assert.ok(rows.every((row) => row.repeat_count === 1 && row.relieved === 1));
    assert.deepEqual(notCommitted, [], 'every alarm was in the database when it was announced');
    for (const deviceId of devices) {
      const id = rows.find((row) => row.device_id === deviceId)?.id;
      // The order this socket heard the device's frames in: new, repeat, relief.
      const heard = one.frames.flatMap((frame) =>
        frame.path === '/safeAlertNotify' && frame.data.id === id ? [`raised ${frame.data.repeatCount}`] : frame.path === '/userStatusNotify' && frame.data.id === id ? ['relieved'] : [],
      );
      assert.deepEqual(heard, ['raised 0', 'raised 1', 'relieved'], `frames of ${deviceId}`);
    }
    assert.equal(foreign.frames.filter((frame) => frame.path === '/safeAlertNotify' || frame.path === '/userStatusNotify').length, 0);
  });
});
