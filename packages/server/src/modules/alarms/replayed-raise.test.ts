import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { randomDeviceId } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { AlarmPlace } from './alarm-places.ts';

/**
 * A device-log message handled again after its process died (issue 26): the raise it asks for
 * finds the alarm that message raised before, open or already closed, and neither opens a second
 * alarm nor counts a repeat nor announces anything.
 */
describe('a raise from a device-log message handled again', () => {
  let server: TestServer;
  let place: AlarmPlace;
  const announced: string[] = [];

  before(async () => {
    server = await startTestServer({ demo: true });
    const providerId = (await server.vigil.database.db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwoa').executeTakeFirstOrThrow()).provider_id ?? 0;
    place = { providerId, residentId: null, bedId: null, roomId: null, floorId: null, areaId: null, userName: '', bunk: '', room: '', floorArea: '' };
    server.vigil.bus.subscribe('alarm.raised', ({ alarm, kind }) => void announced.push(`${alarm.deviceId} ${kind}`));
  });
  after(async () => {
    await server?.close();
  });

  const alarmsOf = (deviceId: string) => server.vigil.database.db.selectFrom('alarms').select(['id', 'repeat_count', 'source_message']).where('device_id', '=', deviceId).execute();

  test('an open alarm raised by the message is neither repeated nor announced again', async () => {
    const device = { deviceId: randomDeviceId('RPL'), deviceType: 21007 };
    await server.vigil.alarms.store.raise(device, place, 'FALL_ALARM', Date.now(), null, { key: 'S:7', replayed: false });
    await server.vigil.alarms.store.raise(device, place, 'FALL_ALARM', Date.now(), null, { key: 'S:7', replayed: true });
    assert.deepEqual((await alarmsOf(device.deviceId)).map((row) => [row.repeat_count, row.source_message]), [[0, 'S:7']]);
    assert.deepEqual(announced.filter((line) => line.startsWith(device.deviceId)), [`${device.deviceId} new`]);
    // A later message of the same device is a repeat, as without the log.
    await server.vigil.alarms.store.raise(device, place, 'FALL_ALARM', Date.now(), null, { key: 'S:9', replayed: true });
    assert.deepEqual((await alarmsOf(device.deviceId)).map((row) => [row.repeat_count, row.source_message]), [[1, 'S:9']]);
  });

  test('an alarm the message raised and a nurse already relieved is not opened again', async () => {
    const device = { deviceId: randomDeviceId('RPL'), deviceType: 21007 };
    await server.vigil.alarms.store.raise(device, place, 'FALL_ALARM', Date.now(), null, { key: 'S:11', replayed: false });
    assert.ok(await server.vigil.alarms.store.relieve(device, 'FALL_ALARM', Date.now(), 2), 'relieved');
    await server.vigil.alarms.store.raise(device, place, 'FALL_ALARM', Date.now(), null, { key: 'S:11', replayed: true });
    assert.equal((await alarmsOf(device.deviceId)).length, 1);
    assert.deepEqual(announced.filter((line) => line.startsWith(device.deviceId)), [`${device.deviceId} new`]);
  });
});
