import { openedTestKey } from '../../test/device-keys.ts';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { FALL_RADAR_DEFAULTS, Status, type FallRadarSettings } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { providerIdByName, publishEvent, randomDeviceId, recordingDownlink, setOnline, stockDevices } from './gateway-fixtures.ts';

const ED719W = 21007;
const LHD8100 = 21008;
const DOOR = 21009;

/**
 * The installer app's wizards (docs/app.md): installers (MAINTAIN) save a fall monitor's
 * settings and pair a gateway's sub-devices in their home provider; an installer of another
 * provider is refused as if the device did not exist, and nothing changes.
 */
describe('installer wizards: fall-monitor settings and gateway pairing, scoped to the installer\'s home', () => {
  let server: TestServer;
  let installerA: string;
  let installerB: string;
  let radar: string;
  let host: string;
  const downlink = recordingDownlink();
  const appLogin = async (userName: string, password = DEMO_PASSWORD) => {
    const result = await server.call(api.login, { userName, passWord: password, from: 'APP_MAINTAIN', rsa: false });
    assert.equal(result.status, Status.OK, result.msg);
    return result.data.token;
  };

  before(async () => {
    server = await startTestServer({ demo: true, downlink });
    installerA = await appLogin('demomaintain');
    // An installer of the other demo care home, made by its own administrator.
    const twoB = await server.login('demotwob');
    const made = await server.call(api.insertAccount, { userName: 'wizardinstallerb', passWord: 'Care#Home2026', nickName: 'Installer B', role: 'MAINTAIN' }, { token: twoB.token });
    assert.equal(made.status, Status.OK, made.msg);
    installerB = await appLogin('wizardinstallerb', 'Care#Home2026');
    const providerA = await providerIdByName(server, 'Sunrise Riverside Home');
    radar = randomDeviceId('ED719W');
    host = randomDeviceId('HOST');
    await stockDevices(server, ED719W, [radar]);
    await stockDevices(server, LHD8100, [host]);
    await server.vigil.database.db.updateTable('devices').set({ provider_id: providerA }).where('device_id', 'in', [radar, host]).execute();
    await setOnline(server, radar);
    await setOnline(server, host);
  });
  after(() => server.close());

  const flush: FallRadarSettings = {
    ...FALL_RADAR_DEFAULTS,
    installMode: 'flush', installHeight: 1.4, distances: { front: 3, back: 0, left: 1.5, right: 1.5 },
    shieldedAreas: [{ kind: 'toilet', length: 0.7, width: 0.5, height: 0.45, floorDistance: 0, x: -1, y: 1 }],
  };

  test('an installer of the home reads and saves a fall monitor\'s settings, which are sent to it, and sees its events', async () => {
    const got = await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token: installerA });
    assert.equal(got.status, Status.OK, got.msg);
    const saved = await server.call(api.fallRadarSaveSettings, { deviceId: radar, location: 'Room 12 bathroom', settings: flush }, { token: installerA });
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.deepEqual(saved.data, { sent: true });
    assert.deepEqual(downlink.sent.at(-1), { deviceId: radar, message: { ...downlink.sent.at(-1)!.message, cmd: 'configure', args: { fallRadar: flush } } });
    const bad = await server.call(api.fallRadarSaveSettings, { deviceId: radar, settings: { ...flush, installHeight: 2.4 } }, { token: installerA });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.match(bad.msg, /install height/);
    const since = Date.now() - 1;
    await publishEvent(server, radar, ED719W, { type: 'fall', status: 2 });
    const events = await server.call(api.deviceRecentEvents, { deviceId: radar, since }, { token: installerA });
    assert.equal(events.status, Status.OK, events.msg);
    assert.deepEqual(events.data.map((event) => event.type), ['fall']);
  });

  test('an installer of another provider is refused the fall monitor, and nothing is saved or sent', async () => {
    const sentBefore = downlink.sent.length;
    const got = await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token: installerB });
    assert.equal(got.status, Status.NOT_FOUND);
    const saved = await server.call(api.fallRadarSaveSettings, { deviceId: radar, settings: FALL_RADAR_DEFAULTS }, { token: installerB });
    assert.equal(saved.status, Status.NOT_FOUND);
    assert.equal((await server.call(api.deviceRecentEvents, { deviceId: radar, since: 0 }, { token: installerB })).status, Status.NOT_FOUND);
    assert.equal(downlink.sent.length, sentBefore);
    const stored = await server.call(api.fallRadarGetSettings, { deviceId: radar }, { token: installerA });
    assert.deepEqual(stored.data.settings, flush);
  });

  test('an installer of the home attaches a sub-device, opens pairing and sees it paired; another provider\'s installer is refused', async () => {
    const door = randomDeviceId('DOOR');
    await stockDevices(server, DOOR, [door]);
    assert.equal((await server.call(api.heInsertDevice, { hostId: host, deviceId: door, location: 'Front door' }, { token: installerB })).status, Status.NOT_FOUND);
    const attached = await server.call(api.heInsertDevice, { hostId: host, deviceId: door, location: 'Front door' }, { token: installerA });
    assert.equal(attached.status, Status.OK, attached.msg);
    assert.equal((await server.call(api.heSubDevicePair2, { hostId: host }, { token: installerB })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.heSubDevicePairStatus, { hostId: host }, { token: installerB })).status, Status.NOT_FOUND);
    const opened = await server.call(api.heSubDevicePair2, { hostId: host }, { token: installerA });
    assert.equal(opened.status, Status.OK, opened.msg);
    assert.deepEqual(downlink.sent.at(-1)?.message.cmd, 'pair');
    await publishEvent(server, host, LHD8100, { type: 'pairing', status: 1, sub: door, subType: DOOR });
    const status = await server.call(api.heSubDevicePairStatus, { hostId: host }, { token: installerA });
    assert.equal(status.status, Status.OK, status.msg);
    assert.deepEqual(status.data.subDevices.map((sub) => [sub.deviceId, sub.pairing]), [[door, 'paired']]);
    // The console's other gateway calls stay closed to installers.
    assert.equal((await server.call(api.heDeleteDevice, { deviceId: door, deviceType: DOOR }, { token: installerA })).status, Status.NO_PERMISSION);
  });
  test('a sub-device attached after ingest cached it without a host: its status through the host is kept at once, not refused as another host\'s', async () => {
    const { db } = server.vigil.database;
    const door = randomDeviceId('DOOR');
    await stockDevices(server, DOOR, [door]);
    const key = openedTestKey((await db.selectFrom('devices').select('device_key').where('device_id', '=', host).executeTakeFirstOrThrow()).device_key);
    const post = (channel: string, body: object) =>
      server.vigil.app.inject({ method: 'POST', url: `/api/device/v1/${host}/${channel}`, payload: JSON.stringify(body), headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    // The host hears the stock door before anyone attached it: ingest caches the door without a host.
    assert.equal((await post('event', { ts: Date.now(), type: 'pairing', status: 1, sub: door, subType: DOOR })).statusCode, 200);
    const attached = await server.call(api.heInsertDevice, { hostId: host, deviceId: door, location: 'Hall' }, { token: installerA });
    assert.equal(attached.status, Status.OK, attached.msg);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the directory re-reads the door (one query)
    const status = await post('status', { ts: Date.now(), online: true, battery: 80, signal: 3, sub: door });
    assert.equal(status.statusCode, 200, status.body);
    await server.vigil.devices.ingest.flush();
    const row = await db.selectFrom('devices').select(['signal', 'battery']).where('device_id', '=', door).executeTakeFirstOrThrow();
    assert.deepEqual(row, { signal: 3, battery: 80 });
  });
});
