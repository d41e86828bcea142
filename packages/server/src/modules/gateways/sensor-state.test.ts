import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { gatewayRepository } from './gateway.repository.ts';

/** Spec 02 §4 (issue 29): door sensors show open or closed, motion sensors occupied or unoccupied, as last reported. */
describe('door and motion sensors now', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('the security screen\'s list carries each sensor\'s latest door or motion report', async () => {
    const login = await server.login('demotwoa');
    const placement = { providerId: login.providerId ?? 0, bedId: null, roomId: null, residentId: null };
    const db = server.vigil.database.db;
    const host = await insertDevice(db, { deviceType: 21008, ...placement });
    const door = await insertDevice(db, { deviceType: 21009, ...placement });
    const motion = await insertDevice(db, { deviceType: 21010, ...placement });
    const hostRow = await db.selectFrom('devices').select('id').where('device_id', '=', host).executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ host_id: hostRow.id, pairing: 'paired' }).where('device_id', 'in', [door, motion]).execute();

    const states = async () => {
      const answer = await server.call(api.heGetDeviceList, { pageNum: 1, pageSize: 100, keyWord: host }, { token: login.token });
      assert.equal(answer.status, Status.OK, answer.msg);
      const subs = answer.data.rows.find((row) => row.deviceId === host)?.subDevices ?? [];
      return Object.fromEntries(subs.map((sub) => [sub.deviceId, sub.sensorState]));
    };
    assert.deepEqual(await states(), { [door]: null, [motion]: null }, 'nothing reported yet');

    const now = Date.now();
    const event = (sub: string, type: number, eventType: string, status: number, at: number) => ({ device_id: host, sub_device_id: sub, sub_device_type: type, event_type: eventType, status, x: null, y: null, ts: at, received_at: at });
    const events = gatewayRepository(db);
    await events.recordEvents([event(door, 21009, 'door', 1, now - 2000), event(motion, 21010, 'motion', 1, now - 2000)]);
    assert.deepEqual(await states(), { [door]: 'open', [motion]: 'occupied' });
    await events.recordEvents([event(door, 21009, 'door', 0, now - 1000), event(motion, 21010, 'motion', 0, now - 1000)]);
    assert.deepEqual(await states(), { [door]: 'closed', [motion]: 'unoccupied' });
  });

  test('the household page\'s room sensors: the resident\'s room only, this care home\'s devices only, with their state now', async () => {
    const login = await server.login('demotwoa');
    const other = await server.login('demotwob');
    const providerId = login.providerId ?? 0;
    const db = server.vigil.database.db;
    const resident = await db.selectFrom('residents').innerJoin('beds', 'beds.id', 'residents.bed_id').select(['residents.id as id', 'beds.room_id as roomId'])
      .where('residents.provider_id', '=', providerId).orderBy('residents.id').executeTakeFirstOrThrow();
    const elsewhere = await db.selectFrom('rooms').select('id').where('provider_id', '=', providerId).where('id', '!=', resident.roomId).executeTakeFirstOrThrow();
    const door = await insertDevice(db, { deviceType: 21009, providerId, roomId: resident.roomId, bedId: null, residentId: null });
    const motion = await insertDevice(db, { deviceType: 20999, providerId, roomId: resident.roomId, bedId: null, residentId: null });
    await insertDevice(db, { deviceType: 21009, providerId, roomId: elsewhere.id, bedId: null, residentId: null });
    // Another care home's sensor pointing at this room (a stale binding) is never shown.
    const foreign = await insertDevice(db, { deviceType: 21010, providerId: other.providerId ?? 0, roomId: resident.roomId, bedId: null, residentId: null });
    const now = Date.now();
    await gatewayRepository(db).recordEvents([
      { device_id: 'LHD-ANY', sub_device_id: door, sub_device_type: 21009, event_type: 'door', status: 1, x: null, y: null, ts: now, received_at: now },
      { device_id: motion, sub_device_id: '', sub_device_type: null, event_type: 'motion', status: 0, x: null, y: null, ts: now, received_at: now },
      { device_id: 'LHD-ANY', sub_device_id: foreign, sub_device_type: 21010, event_type: 'motion', status: 1, x: null, y: null, ts: now, received_at: now },
    ]);

    const answer = await server.call(api.heRoomSensors, { userId: resident.id }, { token: login.token });
    assert.equal(answer.status, Status.OK, answer.msg);
    assert.equal(answer.data.roomId, resident.roomId);
    const shown = Object.fromEntries(answer.data.sensors.map((sensor) => [sensor.deviceId, [sensor.kind, sensor.sensorState]]));
    const ours = Object.fromEntries(Object.entries(shown).filter(([id]) => [door, motion].includes(id)));
    assert.deepEqual(ours, { [door]: ['door', 'open'], [motion]: ['motion', 'unoccupied'] });
    assert.ok(!(foreign in shown), 'another care home\'s sensor is not shown');
    assert.ok(answer.data.sensors.every((sensor) => ['door', 'motion'].includes(sensor.kind)));

    const fromOther = await server.call(api.heRoomSensors, { userId: resident.id }, { token: other.token });
    assert.equal(fromOther.status, Status.NOT_FOUND, 'another care home\'s resident answers as missing');
  });
});
