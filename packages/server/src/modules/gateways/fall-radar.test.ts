import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { FALL_RADAR_DEFAULTS, Status, type FallRadarSettings } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { providerIdByName, publishEvent, publishOnline, randomDeviceId, recordingDownlink, setOnline, stockDevices } from './gateway-fixtures.ts';

const ED719W = 21007;

describe('fall-monitor settings, current site and real-time mode', () => {
  let server: TestServer;
  let token: string;
  let radar: string;
  const downlink = recordingDownlink();

  before(async () => {
    server = await startTestServer({ demo: true, downlink });
    token = (await server.login('demotwoa')).token;
    radar = randomDeviceId('ED719W');
    await stockDevices(server, ED719W, [radar]);
    const providerId = await providerIdByName(server, 'Sunrise Riverside Home');
    await server.vigil.database.db.updateTable('devices').set({ provider_id: providerId, location: 'Room 101 bathroom' }).where('device_id', '=', radar).execute();
  });
  after(() => server.close());

  const settings = (change: Partial<FallRadarSettings>): FallRadarSettings => ({ ...FALL_RADAR_DEFAULTS, ...change });
  const save = (value: unknown, language = 'en-us') => server.call(api.fallRadarSaveSettings, { deviceId: radar, settings: value }, { token, language });

  test('a radar starts with the defaults: top mount at 2.4 m over a 4×4 m area', async () => {
    const got = await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token });
    assert.equal(got.status, Status.OK, got.msg);
    assert.deepEqual(got.data.settings, FALL_RADAR_DEFAULTS);
    assert.equal(got.data.location, 'Room 101 bathroom');
    assert.equal(got.data.configured, false);
    assert.equal(got.data.place, '', 'not bound yet');
  });

  test('lists and the wizard say which room a monitor is in, not only "bathroom" (issue 25 item 11)', async () => {
    const db = server.vigil.database.db;
    const room = await db.selectFrom('rooms').innerJoin('areas as floor', 'floor.id', 'rooms.floor_id').innerJoin('areas as area', 'area.id', 'floor.parent_id')
      .select(['rooms.id', 'rooms.name', 'floor.name as floor', 'area.name as area']).where('rooms.provider_id', '=', await providerIdByName(server, 'Sunrise Riverside Home')).orderBy('rooms.id').executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ room_id: room.id }).where('device_id', '=', radar).execute();
    const place = `${room.area} / ${room.floor} / ${room.name}`;
    assert.equal((await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token })).data.place, place);
    const list = await server.call(api.fallRadarList, { keyWord: radar, pageNum: 1, pageSize: 10 }, { token });
    assert.equal(list.data.rows.find((row) => row.deviceId === radar)?.place, place);
  });

  test('heights and distances are checked per install mode, and the e-fence must not be empty', async () => {
    const cases: [Partial<FallRadarSettings>, RegExp][] = [
      [{ installHeight: 2.1 }, /install height/],
      [{ installHeight: 3.1 }, /install height/],
      [{ installMode: 'flush', installHeight: 2.4, distances: { front: 4, back: 0, left: 1.5, right: 1.5 } }, /install height/],
      [{ installMode: 'flush', installHeight: 1.4, distances: { front: 4, back: 0.5, left: 1.5, right: 1.5 } }, /detection distances/],
      [{ installMode: 'flush', installHeight: 1.4, distances: { front: 4, back: 0, left: 2, right: 2 } }, /detection distances/],
      [{ distances: { front: 2.5, back: 1, left: 2, right: 2 } }, /detection distances/],
      [{ distances: { front: 0, back: 0, left: 2, right: 2 } }, /e-fence position must not be empty/],
      [{ shieldedAreas: [{ kind: 'toilet', length: 0.7, width: 0.5, height: 0.5, floorDistance: 0, x: 1.9, y: 0 }] }, /inside the detection area/],
      [{ shieldedAreas: [{ kind: 'other', length: 0.05, width: 0.5, height: 0.5, floorDistance: 0, x: 0, y: 0 }] }, /at least 0.1 m/],
    ];
    for (const [change, message] of cases) {
      const result = await save(settings(change));
      assert.equal(result.status, Status.BAD_REQUEST, JSON.stringify(change));
      assert.match(result.msg, message, JSON.stringify(change));
    }
    const missing = await save({ ...FALL_RADAR_DEFAULTS, distances: undefined });
    assert.equal(missing.status, Status.BAD_REQUEST);
    const korean = await save(settings({ installHeight: 5 }), 'ko');
    assert.match(korean.msg, /설치 높이/);
    assert.deepEqual((await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token })).data.settings, FALL_RADAR_DEFAULTS, 'nothing saved');
  });

  test('saving offline keeps the settings pending and sends `configure` when the radar returns; online it is sent at once', async () => {
    const flush = settings({
      installMode: 'flush', installHeight: 1.35, distances: { front: 3.5, back: 0, left: 1.5, right: 1.5 }, walls: { front: true, back: true, left: false, right: false },
      shieldedAreas: [{ kind: 'toilet', length: 0.7, width: 0.45, height: 0.45, floorDistance: 0, x: -1, y: 1 }], buzzer: false, sensitivity: 'high',
    });
    const offline = await save(flush);
    assert.equal(offline.status, Status.OK, offline.msg);
    assert.deepEqual(offline.data, { sent: false });
    let got = (await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token })).data;
    assert.deepEqual(got.settings, flush);
    assert.equal(got.settingsPending, true);
    assert.equal(got.configured, true);
    const before = downlink.sent.length;
    await publishOnline(server, radar, ED719W);
    assert.equal(downlink.sent.length, before + 1);
    assert.deepEqual(downlink.sent.at(-1)?.message.args, { fallRadar: flush });
    got = (await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token })).data;
    assert.equal(got.settingsPending, false);
    const online = await save(settings({}));
    assert.deepEqual(online.data, { sent: true });
    assert.equal((await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token })).data.location, 'Room 101 bathroom', 'saving without a location keeps it');
    assert.equal(downlink.sent.at(-1)?.message.cmd, 'configure');
  });

  test('real-time mode sends `realtime`, and the current site is the last site event', async () => {
    await setOnline(server, radar);
    let site = await server.call(api.enclosureCurrentSite, { deviceId: radar }, { token });
    assert.deepEqual({ ...site.data }, { deviceId: radar, x: null, y: null, at: null, present: false, realtimeUntil: null });
    const started = await server.call(api.enclosureRealtimeStart, { deviceId: radar }, { token });
    assert.equal(started.status, Status.OK, started.msg);
    assert.deepEqual(downlink.sent.at(-1)?.message.args, { on: true, seconds: 600 });
    await publishEvent(server, radar, ED719W, { type: 'site', status: 1, x: 0.5, y: 1.25, ts: 1_700_000_000_000 });
    await publishEvent(server, radar, ED719W, { type: 'site', status: 1, x: -0.75, y: 1.5, ts: 1_700_000_001_000 });
    site = await server.call(api.enclosureCurrentSite, { deviceId: radar }, { token });
    assert.equal(site.data.x, -0.75);
    assert.equal(site.data.y, 1.5);
    assert.equal(site.data.present, true);
    assert.ok(site.data.realtimeUntil);
    await server.call(api.enclosureRealtimeStop, { deviceId: radar }, { token });
    assert.deepEqual(downlink.sent.at(-1)?.message.args, { on: false });
    assert.equal((await server.call(api.enclosureCurrentSite, { deviceId: radar }, { token })).data.realtimeUntil, null);
    await setOnline(server, radar, false);
    const offline = await server.call(api.enclosureRealtimeStart, { deviceId: radar }, { token });
    assert.equal(offline.status, Status.CONFLICT);
  });

  test('the wizard\'s test step sees the fall event', async () => {
    const since = Date.now() - 1;
    await publishEvent(server, radar, ED719W, { type: 'fall', status: 2 });
    const events = await server.call(api.deviceRecentEvents, { deviceId: radar, since }, { token });
    assert.deepEqual(events.data.map((event) => [event.type, event.status]), [['fall', 2]]);
  });

  test('the list shows the provider\'s radars with their settings; a host ID is not a radar', async () => {
    const list = await server.call(api.fallRadarList, { keyWord: radar }, { token });
    assert.deepEqual(list.data.rows.map((row) => row.deviceId), [radar]);
    const host = randomDeviceId('HOST');
    await stockDevices(server, 21008, [host]);
    await server.call(api.heAddHost, { deviceId: host }, { token });
    const notRadar = await server.call(api.fallRadarGetSettings, { deviceId: host }, { token });
    assert.equal(notRadar.status, Status.BAD_REQUEST);
    assert.match(notRadar.msg, /not a fall monitor/);
  });
});
