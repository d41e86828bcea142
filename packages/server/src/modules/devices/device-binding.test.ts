import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { homeDevice } from '../../test/device-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/** What a 301 answer asks to confirm (its data.confirm). */
function confirmOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null && 'confirm' in data ? data.confirm : undefined;
}

describe('device binding: bed, room or resident, with confirmations', () => {
  let server: TestServer;
  let vendor: string;
  let home: string;
  let place: Awaited<ReturnType<typeof buildPlace>>;
  let residentId: number;

  before(async () => {
    server = await startTestServer({ demo: true });
    vendor = (await server.login('demosenior')).token;
    home = (await server.login('demotwoa')).token;
    place = await buildPlace(server, home, { area: 'Bind wing', rooms: 'B1,B2', beds: '1,2' });
    const resident = await server.call(api.insertUser, { name: 'Bind Resident', gender: 'female', birthDate: '1940-02-02', bunkId: place.bedIds[0] }, { token: home });
    residentId = resident.data.id;
  });
  after(() => server.close());

  const detail = async (id: number) => (await server.call(api.getDevice, { id }, { token: home })).data;

  test('a sleep monitor binds to a bed; the list shows the bed, room and the resident on it', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const bound = await server.call(api.bindDevice, { id: monitor.id, target: 'bed', targetId: place.bedIds[0] }, { token: home });
    assert.equal(bound.status, Status.OK, bound.msg);
    const binding = (await detail(monitor.id)).binding;
    assert.equal(binding.target, 'bed');
    assert.equal(binding.bunkId, place.bedIds[0]);
    assert.equal(binding.roomName, 'B1');
    assert.equal(binding.floorName, '1F');
    assert.equal(binding.buildingName, 'Bind wing');
    assert.equal(binding.residentName, 'Bind Resident');
    const byResident = await server.call(api.getDeviceList, { keyWord: 'bind RESIDENT', pageNum: 1, pageSize: 10 }, { token: home });
    assert.ok(byResident.data.rows.some((row) => row.id === monitor.id), 'the keyword finds the resident on the bed');
  });

  test('what a type binds to follows the catalogue: a sleep monitor not to a room, a fall radar not to a bed', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const toRoom = await server.call(api.bindDevice, { id: monitor.id, target: 'room', targetId: place.roomIds[0] }, { token: home });
    assert.equal(toRoom.status, Status.BAD_REQUEST);
    assert.match(toRoom.msg, /BM8701-2 cannot be bound/);
    const radar = await homeDevice(server, vendor, home, 21007);
    assert.equal((await server.call(api.bindDevice, { id: radar.id, target: 'bed', targetId: place.bedIds[0] }, { token: home })).status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.bindDevice, { id: radar.id, target: 'room', targetId: place.roomIds[1] }, { token: home })).status, Status.OK);
    assert.equal((await detail(radar.id)).binding.roomName, 'B2');
    const missingTarget = await server.call(api.bindDevice, { id: radar.id, target: 'room' }, { token: home });
    assert.equal(missingTarget.status, Status.BAD_REQUEST);
    assert.match(missingTarget.msg, /Choose the bed, room or resident/);
  });

  test('bed conflict: another sleep monitor on the bed answers 301; confirm moves the bed in one go', async () => {
    const first = await homeDevice(server, vendor, home);
    const second = await homeDevice(server, vendor, home);
    const bedId = place.bedIds[1];
    assert.equal((await server.call(api.bindDevice, { id: first.id, target: 'bed', targetId: bedId }, { token: home })).status, Status.OK);
    const asked = await server.call(api.bindDevice, { id: second.id, target: 'bed', targetId: bedId }, { token: home });
    assert.equal(asked.status, Status.CONFIRM_REQUIRED);
    assert.match(asked.msg, new RegExp(`already has device ${first.deviceId}`));
    assert.equal(confirmOf(asked.data), 'bedTaken');
    assert.equal((await detail(second.id)).binding.target, 'none', 'nothing changed before confirming');
    assert.equal((await detail(first.id)).binding.bunkId, bedId);
    const moved = await server.call(api.bindDevice, { id: second.id, target: 'bed', targetId: bedId, confirm: true }, { token: home });
    assert.equal(moved.status, Status.OK, moved.msg);
    assert.equal((await detail(second.id)).binding.bunkId, bedId);
    assert.equal((await detail(first.id)).binding.target, 'none');
  });

  test('a taken bed is named by its place, not by the resident on it; the address tree lists each bed\'s devices (issue 25 item 17)', async () => {
    const ward = await buildPlace(server, home, { area: 'Named wing', rooms: 'N1', beds: '1' });
    const bedId = ward.bedIds[0];
    assert.equal((await server.call(api.insertUser, { name: 'Named Resident', gender: 'male', birthDate: '1941-03-03', bunkId: bedId }, { token: home })).status, Status.OK);
    const first = await homeDevice(server, vendor, home);
    const second = await homeDevice(server, vendor, home);
    assert.equal((await server.call(api.bindDevice, { id: first.id, target: 'bed', targetId: bedId }, { token: home })).status, Status.OK);
    const asked = await server.call(api.bindDevice, { id: second.id, target: 'bed', targetId: bedId }, { token: home });
    assert.equal(asked.status, Status.CONFIRM_REQUIRED);
    assert.equal(asked.msg, `Bed Named wing / 1F / N1 / 1 already has device ${first.deviceId}. Saving binds this device to the bed instead; ${first.deviceId} will no longer be bound to it.`);

    const tree = await server.call(api.getAreaWithRoomList, {}, { token: home });
    const bed = tree.data.find((area) => area.name === 'Named wing')?.floors[0]?.rooms[0]?.beds[0];
    assert.deepEqual(bed?.devices, [{ deviceId: first.deviceId, deviceType: first.deviceType }]);
    const empty = tree.data.find((area) => area.name === 'Bind wing')?.floors[0]?.rooms[1]?.beds.find((candidate) => candidate.devices.length === 0);
    assert.ok(empty, 'a bed without a device lists none');
  });

  test('a badge and a sleep monitor may share a bed (one device of each kind)', async () => {
    const bedId = place.bedIds[2];
    const monitor = await homeDevice(server, vendor, home);
    const badge = await homeDevice(server, vendor, home, 21000);
    assert.equal((await server.call(api.bindDevice, { id: monitor.id, target: 'bed', targetId: bedId }, { token: home })).status, Status.OK);
    assert.equal((await server.call(api.bindDevice, { id: badge.id, target: 'bed', targetId: bedId }, { token: home })).status, Status.OK);
  });

  test('device conflict: a bound device moved elsewhere asks first; resident conflict likewise', async () => {
    const badge = await homeDevice(server, vendor, home, 21000);
    assert.equal((await server.call(api.bindDevice, { id: badge.id, target: 'resident', targetId: residentId }, { token: home })).status, Status.OK);
    assert.equal((await detail(badge.id)).binding.residentName, 'Bind Resident');
    const move = await server.call(api.bindDevice, { id: badge.id, target: 'bed', targetId: place.bedIds[3] }, { token: home });
    assert.equal(move.status, Status.CONFIRM_REQUIRED);
    assert.equal(confirmOf(move.data), 'deviceBound');
    assert.match(move.msg, /bound to Bind Resident/);

    const other = await homeDevice(server, vendor, home, 21000);
    const taken = await server.call(api.bindDevice, { id: other.id, target: 'resident', targetId: residentId }, { token: home, language: 'de' });
    assert.equal(taken.status, Status.CONFIRM_REQUIRED);
    assert.equal(confirmOf(taken.data), 'residentTaken');
    assert.match(taken.msg, /Bewohner Bind Resident/);
    assert.equal((await server.call(api.bindDevice, { id: other.id, target: 'resident', targetId: residentId, confirm: true }, { token: home })).status, Status.OK);
    assert.equal((await detail(other.id)).binding.residentId, residentId);
    assert.equal((await detail(badge.id)).binding.target, 'none');
  });

  test('adding from stock with a binding: a conflict asks first and adds nothing until confirmed', async () => {
    const holder = await homeDevice(server, vendor, home);
    const bedId = place.bedIds[3];
    assert.equal((await server.call(api.bindDevice, { id: holder.id, target: 'bed', targetId: bedId }, { token: home })).status, Status.OK);
    const stocked = await server.call(api.registerDevice, { deviceId: `${holder.deviceId}-N`, deviceType: 49 }, { token: vendor });
    const input = { deviceId: `${holder.deviceId}-N`, deviceType: 49, binding: { target: 'bed', targetId: bedId } };
    const asked = await server.call(api.insertDevice, input, { token: home });
    assert.equal(asked.status, Status.CONFIRM_REQUIRED);
    assert.equal((await server.call(api.getDevice, { id: stocked.data.id }, { token: vendor })).data.inStock, true, 'still in stock: the add rolled back');
    const added = await server.call(api.insertDevice, { ...input, confirm: true }, { token: home });
    assert.equal(added.status, Status.OK, added.msg);
    assert.equal((await detail(added.data.id)).binding.bunkId, bedId);
    assert.equal((await detail(holder.id)).binding.target, 'none');
  });

  test('deleting the bed unbinds its device entirely', async () => {
    const extra = await buildPlace(server, home, { area: 'Short-lived wing', rooms: 'S1', beds: 'S' });
    const monitor = await homeDevice(server, vendor, home);
    assert.equal((await server.call(api.bindDevice, { id: monitor.id, target: 'bed', targetId: extra.bedIds[0] }, { token: home })).status, Status.OK);
    assert.equal((await server.call(api.deleteBunk, { id: extra.bedIds[0] }, { token: home })).status, Status.OK);
    const binding = (await detail(monitor.id)).binding;
    assert.deepEqual([binding.target, binding.roomId, binding.bunkId], ['none', null, null]);
  });

  test('every registry change is announced on the bus after it is committed, with the placement as it is now', async () => {
    const events: api.DeviceChangedEvent[] = [];
    const stop = server.vigil.bus.subscribe('device.changed', (event) => void events.push(event));
    try {
      const extra = await buildPlace(server, home, { area: 'Event wing', rooms: 'E1', beds: 'E' });
      const first = await homeDevice(server, vendor, home);
      const second = await homeDevice(server, vendor, home);
      assert.deepEqual(events.filter((event) => event.deviceId === first.deviceId).map((event) => [event.change, event.providerId !== null]), [['registered', false], ['added', true]]);
      await server.call(api.bindDevice, { id: first.id, target: 'bed', targetId: extra.bedIds[0] }, { token: home });
      const refused = await server.call(api.bindDevice, { id: second.id, target: 'bed', targetId: extra.bedIds[0] }, { token: home });
      assert.equal(refused.status, Status.CONFIRM_REQUIRED);
      const before = events.length;
      await server.call(api.bindDevice, { id: second.id, target: 'bed', targetId: extra.bedIds[0], confirm: true }, { token: home });
      assert.deepEqual(events.slice(before).map((event) => [event.deviceId, event.change, event.bedId]), [
        [second.deviceId, 'bound', extra.bedIds[0]],
        [first.deviceId, 'bound', null],
      ]);
      await server.call(api.deleteDevice, { id: second.id }, { token: home });
      const released = events.at(-1);
      assert.deepEqual([released?.deviceId, released?.change, released?.providerId, released?.bedId], [second.deviceId, 'released', null, null]);
      await server.call(api.deleteDevice, { id: second.id }, { token: vendor });
      assert.deepEqual([events.at(-1)?.deviceId, events.at(-1)?.change], [second.deviceId, 'deleted']);
    } finally {
      stop();
    }
  });

  test('unbinding with target none, and foreign beds or residents are not found', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const foreign = await buildPlace(server, (await server.login('demotwob')).token, { area: 'Foreign wing', rooms: 'X1', beds: 'X' });
    const refused = await server.call(api.bindDevice, { id: monitor.id, target: 'bed', targetId: foreign.bedIds[0] }, { token: home });
    assert.equal(refused.status, Status.BAD_REQUEST);
    assert.match(refused.msg, /bed does not exist/);
    assert.equal((await server.call(api.bindDevice, { id: monitor.id, target: 'room', targetId: foreign.roomIds[0] }, { token: home })).status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.bindDevice, { id: monitor.id, target: 'bed', targetId: place.bedIds[0], confirm: true }, { token: home })).status, Status.OK);
    assert.equal((await server.call(api.bindDevice, { id: monitor.id, target: 'none' }, { token: home })).status, Status.OK);
    assert.equal((await detail(monitor.id)).binding.target, 'none');
  });
});
