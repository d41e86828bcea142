import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { GATEWAY_HOST_TYPE, Status, SUB_DEVICES_PER_HOST_MAX } from '@vigil/contracts';
import { download, problemsOf, sheetRows, upload, workbookBytes } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { providerIdByName, publishEvent, randomDeviceId, recordingDownlink, setOnline, stockDevices } from './gateway-fixtures.ts';

const DOOR = 21009;
const MOTION = 21010;

describe('gateway hosts and sub-devices (/he)', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  const downlink = recordingDownlink();

  before(async () => {
    server = await startTestServer({ demo: true, downlink });
    tokenA = (await server.login('demotwoa')).token;
    tokenB = (await server.login('demotwob')).token;
  });
  after(() => server.close());

  async function addHost(token = tokenA) {
    const hostId = randomDeviceId('HOST');
    await stockDevices(server, GATEWAY_HOST_TYPE, [hostId]);
    const added = await server.call(api.heAddHost, { deviceId: hostId, location: 'Hall' }, { token });
    assert.equal(added.status, Status.OK, added.msg);
    return hostId;
  }

  test('addHost takes a registered host from stock once; unknown, foreign-owned and non-host IDs are refused with clear messages', async () => {
    const unknown = await server.call(api.heAddHost, { deviceId: 'NOPE-123' }, { token: tokenA });
    assert.equal(unknown.status, Status.BAD_REQUEST);
    assert.match(unknown.msg, /not registered/);
    const hostId = await addHost();
    const again = await server.call(api.heAddHost, { deviceId: hostId }, { token: tokenA });
    assert.equal(again.status, Status.CONFLICT);
    assert.match(again.msg, /already been added/);
    const foreign = await server.call(api.heAddHost, { deviceId: hostId }, { token: tokenB });
    assert.equal(foreign.status, Status.CONFLICT);
    assert.match(foreign.msg, /another provider/);
    const door = randomDeviceId('DOOR');
    await stockDevices(server, DOOR, [door]);
    const notHost = await server.call(api.heAddHost, { deviceId: door }, { token: tokenA });
    assert.equal(notHost.status, Status.BAD_REQUEST);
    assert.match(notHost.msg, /not a gateway host/);
    const bad = await server.call(api.heAddHost, { deviceId: 'bad id!' }, { token: tokenA, language: 'de' });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.match(bad.msg, /Geräte-ID/);
    const list = await server.call(api.heGetDeviceList, { keyWord: hostId.toLowerCase() }, { token: tokenA });
    assert.deepEqual(list.data.rows.map((row) => [row.deviceId, row.location, row.subDevices.length]), [[hostId, 'Hall', 0]]);
    assert.equal((await server.call(api.heGetDeviceList, { keyWord: hostId }, { token: tokenB })).data.total, 0);
  });

  test('a host carries 49 sub-devices; the 50th is refused with a clear message and nothing changes', async () => {
    const hostId = await addHost();
    const subs = Array.from({ length: SUB_DEVICES_PER_HOST_MAX + 1 }, (_, index) => randomDeviceId(`S${index}`));
    await stockDevices(server, DOOR, subs);
    for (const sub of subs.slice(0, SUB_DEVICES_PER_HOST_MAX)) {
      const added = await server.call(api.heInsertDevice, { hostId, deviceId: sub, location: 'Door' }, { token: tokenA });
      assert.equal(added.status, Status.OK, added.msg);
    }
    const fiftieth = await server.call(api.heInsertDevice, { hostId, deviceId: subs[SUB_DEVICES_PER_HOST_MAX] }, { token: tokenA });
    assert.equal(fiftieth.status, Status.CONFLICT);
    assert.equal(fiftieth.msg, 'A gateway host carries fewer than 50 sub-devices: this host already has 49.');
    const status = await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA });
    assert.equal(status.data.subDevices.length, SUB_DEVICES_PER_HOST_MAX);
    assert.ok(status.data.subDevices.every((sub) => sub.pairing === 'toPair'));
    const left = await server.vigil.database.db.selectFrom('devices').select('provider_id').where('device_id', '=', subs[SUB_DEVICES_PER_HOST_MAX]).executeTakeFirstOrThrow();
    assert.equal(left.provider_id, null, 'the 50th stays in stock');
  });

  test('pair one sub-device: offline host refused; online the host gets `pair`, its pairing event pairs it and a door event marks it tested', async () => {
    const hostId = await addHost();
    const door = randomDeviceId('DOOR');
    await stockDevices(server, DOOR, [door]);
    await server.call(api.heInsertDevice, { hostId, deviceId: door, location: 'Room 1 door' }, { token: tokenA });
    const offline = await server.call(api.heSubDevicePair, { deviceId: door }, { token: tokenA });
    assert.equal(offline.status, Status.CONFLICT);
    assert.match(offline.msg, /offline/);
    await setOnline(server, hostId);
    const paired = await server.call(api.heSubDevicePair, { deviceId: door }, { token: tokenA });
    assert.equal(paired.status, Status.OK, paired.msg);
    const command = downlink.sent.at(-1);
    assert.equal(command?.deviceId, hostId);
    assert.equal(command?.message.cmd, 'pair');
    assert.deepEqual(command?.message.args, { subs: [door], window: 120 });
    await publishEvent(server, hostId, GATEWAY_HOST_TYPE, { type: 'pairing', status: 1, sub: door, subType: DOOR });
    let sub = (await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA })).data.subDevices[0];
    assert.equal(sub.pairing, 'paired');
    assert.equal(sub.tested, false);
    await publishEvent(server, hostId, GATEWAY_HOST_TYPE, { type: 'door', status: 1, sub: door });
    sub = (await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA })).data.subDevices[0];
    assert.equal(sub.tested, true);
    const events = await server.call(api.deviceRecentEvents, { deviceId: door }, { token: tokenA });
    assert.deepEqual(events.data.map((event) => [event.type, event.status]), [['door', 1], ['pairing', 1]]);
    assert.equal((await server.call(api.deviceRecentEvents, { deviceId: door }, { token: tokenB })).status, Status.NOT_FOUND);

    const unpaired = await server.call(api.heSubDeviceUnPair, { deviceId: door }, { token: tokenA });
    assert.equal(unpaired.status, Status.OK, unpaired.msg);
    assert.deepEqual(downlink.sent.at(-1)?.message.args, { sub: door });
    assert.equal((await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA })).data.subDevices[0].pairing, 'toPair');
  });

  test('gateway commands go through the devices module: recorded as pending, settled by the host\'s ack; a failed send answers the offline message', async () => {
    const hostId = await addHost();
    const door = randomDeviceId('DOOR');
    await stockDevices(server, DOOR, [door]);
    await server.call(api.heInsertDevice, { hostId, deviceId: door, location: 'Room 2 door' }, { token: tokenA });
    await setOnline(server, hostId);
    assert.equal((await server.call(api.heSubDevicePair, { deviceId: door }, { token: tokenA })).status, Status.OK);
    const sent = downlink.sent.at(-1);
    assert.equal(sent?.message.cmd, 'pair');
    const db = server.vigil.database.db;
    const recorded = await db.selectFrom('device_commands as c').innerJoin('devices as d', 'd.id', 'c.device_id').select(['c.id', 'c.cmd', 'c.state']).where('d.device_id', '=', hostId).execute();
    assert.deepEqual(recorded, [{ id: sent?.message.id, cmd: 'pair', state: 'pending' }]);
    await server.vigil.bus.publish('device.ack', {
      deviceId: hostId, deviceType: GATEWAY_HOST_TYPE, receivedAt: Date.now(), providerId: null, bedId: null, roomId: null, residentId: null,
      ack: { id: sent?.message.id ?? '', ok: true },
    });
    const settled = await db.selectFrom('device_commands').select('state').where('id', '=', sent?.message.id ?? '').executeTakeFirstOrThrow();
    assert.equal(settled.state, 'acked');

    // The downlink could not deliver: the command is recorded as failed and the caller told the host is offline.
    const failing = downlink.send;
    downlink.send = async () => {
      throw new Error('broker gone');
    };
    try {
      const refused = await server.call(api.heSubDevicePair, { deviceId: door }, { token: tokenA });
      assert.equal(refused.status, Status.CONFLICT);
      assert.match(refused.msg, /offline/);
    } finally {
      downlink.send = failing;
    }
    const states = await db.selectFrom('device_commands as c').innerJoin('devices as d', 'd.id', 'c.device_id').select('c.state').where('d.device_id', '=', hostId).execute();
    assert.deepEqual(states.map((row) => row.state).sort(), ['acked', 'failed']);
  });

  test('pair call 2 opens the window: a registered stock device that joins is attached and paired; an unregistered one is ignored', async () => {
    const hostId = await addHost();
    await setOnline(server, hostId);
    const opened = await server.call(api.heSubDevicePair2, { hostId }, { token: tokenA });
    assert.equal(opened.status, Status.OK, opened.msg);
    assert.deepEqual(downlink.sent.at(-1)?.message.args, { window: 120 });
    const motion = randomDeviceId('PIR');
    await stockDevices(server, MOTION, [motion]);
    await publishEvent(server, hostId, GATEWAY_HOST_TYPE, { type: 'pairing', status: 1, sub: motion, subType: MOTION });
    await publishEvent(server, hostId, GATEWAY_HOST_TYPE, { type: 'pairing', status: 1, sub: 'UNKNOWN-9', subType: MOTION });
    const host = (await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA })).data;
    assert.ok(host.pairingUntil !== null && host.pairingUntil > Date.now());
    assert.deepEqual(host.subDevices.map((sub) => [sub.deviceId, sub.pairing, sub.model]), [[motion, 'paired', 'LH-910FK']]);
  });

  test('replace gives the new sub-device the old one\'s host and location; a different type is refused; delete rules', async () => {
    const hostId = await addHost();
    const [oldDoor, newDoor] = [randomDeviceId('OLD'), randomDeviceId('NEW')];
    const motion = randomDeviceId('PIR');
    await stockDevices(server, DOOR, [oldDoor, newDoor]);
    await stockDevices(server, MOTION, [motion]);
    await server.call(api.heInsertDevice, { hostId, deviceId: oldDoor, location: 'Back door' }, { token: tokenA });
    const wrongType = await server.call(api.heReplaceDevice, { deviceId: oldDoor, newDeviceId: motion }, { token: tokenA });
    assert.equal(wrongType.status, Status.BAD_REQUEST);
    assert.match(wrongType.msg, /type does not match/);
    const replaced = await server.call(api.heReplaceDevice, { deviceId: oldDoor, newDeviceId: newDoor }, { token: tokenA });
    assert.equal(replaced.status, Status.OK, replaced.msg);
    const subs = (await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA })).data.subDevices;
    assert.deepEqual(subs.map((sub) => [sub.deviceId, sub.location, sub.pairing]), [[newDoor, 'Back door', 'toPair']]);

    const blocked = await server.call(api.heDeleteDevice, { deviceId: hostId, deviceType: GATEWAY_HOST_TYPE }, { token: tokenA });
    assert.equal(blocked.status, Status.CONFLICT);
    assert.match(blocked.msg, /still has 1 sub-devices/);
    const mismatch = await server.call(api.heDeleteDevice, { deviceId: newDoor, deviceType: MOTION }, { token: tokenA });
    assert.equal(mismatch.status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.heDeleteDevice, { deviceId: newDoor, deviceType: DOOR }, { token: tokenB })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.heDeleteDevice, { deviceId: newDoor, deviceType: DOOR }, { token: tokenA })).status, Status.OK);
    assert.equal((await server.call(api.heDeleteDevice, { deviceId: hostId, deviceType: GATEWAY_HOST_TYPE }, { token: tokenA })).status, Status.OK);
    const readd = await server.call(api.heAddHost, { deviceId: hostId }, { token: tokenB });
    assert.equal(readd.status, Status.OK, 'a deleted host is back in stock');
  });

  test('changProvider (form-encoded) moves a host with its sub-devices; only within the caller\'s reach', async () => {
    const hostId = await addHost();
    const doors = [randomDeviceId('MV1'), randomDeviceId('MV2')];
    await stockDevices(server, DOOR, doors);
    for (const door of doors) await server.call(api.heInsertDevice, { hostId, deviceId: door }, { token: tokenA });
    const providerB = await providerIdByName(server, 'Sunrise Hillside Home');
    const refused = await server.call(api.heChangProvider, { deviceId: hostId, providerId: providerB }, { token: tokenA });
    assert.equal(refused.status, Status.NO_PERMISSION);
    const one = (await server.login('demoone')).token;
    const moved = await server.call(api.heChangProvider, { deviceId: hostId, providerId: providerB }, { token: one });
    assert.equal(moved.status, Status.OK, moved.msg);
    assert.equal(moved.data.moved, 3);
    const inB = (await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenB })).data;
    assert.deepEqual(inB.subDevices.map((sub) => sub.deviceId).sort(), [...doors].sort());
    assert.equal((await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA })).status, Status.NOT_FOUND);
    const same = await server.call(api.heChangProvider, { deviceId: hostId, providerId: providerB }, { token: one });
    assert.equal(same.status, Status.CONFLICT);
    const outside = await server.call(api.heChangProvider, { deviceId: hostId, providerId: 999999 }, { token: one });
    assert.equal(outside.status, Status.BAD_REQUEST);
    const vendor = (await server.login('demosenior')).token;
    const back = await server.call(api.heChangProvider, { deviceId: hostId, providerId: await providerIdByName(server, 'Sunrise Riverside Home') }, { token: vendor });
    assert.equal(back.status, Status.OK, back.msg);
    assert.equal((await server.call(api.heSubDevicePairStatus, { hostId }, { token: tokenA })).data.subDevices.length, 2, 'a vendor role moves it back with its sub-devices');
  });

  test('a full host (49) lets a newcomer go again while its pairing window is open', async () => {
    const hostId = await addHost();
    const subs = Array.from({ length: SUB_DEVICES_PER_HOST_MAX }, (_, index) => randomDeviceId(`F${index}`));
    await stockDevices(server, DOOR, subs);
    for (const sub of subs) assert.equal((await server.call(api.heInsertDevice, { hostId, deviceId: sub }, { token: tokenA })).status, Status.OK);
    await setOnline(server, hostId);
    await server.call(api.heSubDevicePair2, { hostId }, { token: tokenA });
    const newcomer = randomDeviceId('LATE');
    await stockDevices(server, MOTION, [newcomer]);
    await publishEvent(server, hostId, GATEWAY_HOST_TYPE, { type: 'pairing', status: 1, sub: newcomer, subType: MOTION });
    assert.deepEqual(downlink.sent.at(-1)?.message, { ...downlink.sent.at(-1)?.message, cmd: 'unpair', args: { sub: newcomer } });
    const row = await server.vigil.database.db.selectFrom('devices').select(['provider_id', 'host_id']).where('device_id', '=', newcomer).executeTakeFirstOrThrow();
    assert.deepEqual(row, { provider_id: null, host_id: null }, 'it stays in stock');
  });

  test('templates come in the `lan` language; imports are all or nothing with row and column problems', async () => {
    const template = await download(server, api.heExcelSubModel, { lan: 'de' }, tokenA);
    assert.equal(template.status, 200);
    assert.deepEqual(sheetRows(template.bytes)[0], ['Geräte-ID', 'Gateway-Host', 'Installationsort']);
    const hostTemplate = await download(server, api.heExcelHostModel, {}, tokenA, 'en-us');
    assert.deepEqual(sheetRows(hostTemplate.bytes)[0], ['Device ID', 'Installation location']);

    const hosts = [randomDeviceId('IMP'), randomDeviceId('IMP')];
    await stockDevices(server, GATEWAY_HOST_TYPE, hosts);
    const bad = await upload(server, api.heHostBatchAdd, 'hosts.xlsx', workbookBytes([['Device ID', 'Installation location'], [hosts[0], 'A'], ['NOT-IN-STOCK', 'B'], [hosts[0], 'C']], 'xlsx'), tokenA);
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.deepEqual(problemsOf(bad).map((problem) => [problem.row, problem.column]), [[4, 'A'], [3, 'A']], 'the duplicate (format) and the unregistered ID (stock) are both listed');
    assert.equal((await server.call(api.heGetDeviceList, { keyWord: hosts[0] }, { token: tokenA })).data.total, 0, 'nothing imported');
    const good = await upload(server, api.heHostBatchAdd, 'hosts.xlsx', workbookBytes([['Device ID', 'Installation location'], [hosts[0], 'A'], [hosts[1], 'B']], 'xlsx'), tokenA);
    assert.equal(good.status, Status.OK, good.msg);
    assert.deepEqual(good.data, { imported: 2 });

    const subs = [randomDeviceId('ISUB'), randomDeviceId('ISUB')];
    await stockDevices(server, MOTION, subs);
    const badSubs = await upload(server, api.heInfraredBatchAdd, 'subs.xlsx', workbookBytes([['Device ID', 'Gateway host', 'Installation location'], [subs[0], hosts[0], 'x'], [subs[1], 'OTHER-HOST', 'y']], 'xlsx'), tokenA);
    assert.equal(badSubs.status, Status.BAD_REQUEST);
    assert.deepEqual(problemsOf(badSubs).map((problem) => [problem.row, problem.column, problem.field]), [[3, 'B', 'hostId']]);
    const goodSubs = await upload(server, api.heInfraredBatchAdd, 'subs.xlsx', workbookBytes([['Device ID', 'Gateway host', 'Installation location'], [subs[0], hosts[0], 'x'], [subs[1], hosts[1], 'y']], 'xlsx'), tokenA);
    assert.equal(goodSubs.status, Status.OK, goodSubs.msg);
    const listed = await server.call(api.heGetDeviceList, { keyWord: subs[1] }, { token: tokenA });
    assert.deepEqual(listed.data.rows.map((row) => row.deviceId), [hosts[1]]);
  });
});
