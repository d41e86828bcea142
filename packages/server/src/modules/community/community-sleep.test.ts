import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/** Issue 29 (spec 02 §7 /community/saveUserSleepConfig(s)): a community's saved sleep config is applied to its sleep monitors. */
describe('community sleep configs', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('bedTime and wakeTime become the schedule of the community\'s sleep monitors; a bad time changes nothing', async () => {
    const login = await server.login('demotwoa');
    const token = login.token;
    const place = await buildPlace(server, token, { area: 'Sleep Config Wing', rooms: '1', beds: 'A,B' });
    const other = await buildPlace(server, token, { area: 'Other Wing', rooms: '1', beds: 'A' });
    const db = server.vigil.database.db;
    const providerId = login.providerId ?? 0;
    const inside = await insertDevice(db, { deviceType: 49, providerId, bedId: place.bedIds[0], roomId: place.roomIds[0], residentId: null });
    const outside = await insertDevice(db, { deviceType: 49, providerId, bedId: other.bedIds[0], roomId: other.roomIds[0], residentId: null });
    const rowId = async (deviceId: string) => (await db.selectFrom('devices').select('id').where('device_id', '=', deviceId).executeTakeFirstOrThrow()).id;
    const schedule = async (deviceId: string) => (await server.call(api.getDevice, { id: await rowId(deviceId) }, { token })).data.settings?.sleepSchedule;
    const before = await schedule(outside);

    const bad = await server.call(api.saveUserSleepConfig, { communityId: place.areaId, config: { bedTime: '25:00', wakeTime: '06:45' } }, { token });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.match(bad.msg, /HH:mm/);
    assert.deepEqual(await schedule(inside), before, 'a refused config changes nothing');

    const saved = await server.call(api.saveUserSleepConfig, { communityId: place.areaId, config: { bedTime: '22:30', wakeTime: '06:45' } }, { token });
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.deepEqual(await schedule(inside), { bedTime: '22:30', wakeTime: '06:45' });
    assert.deepEqual(await schedule(outside), before, 'another community\'s monitor keeps its schedule');
    const list = await server.call(api.queryCommunityList, {}, { token });
    assert.deepEqual(list.data.find((row) => row.id === place.areaId)?.sleepConfig, { bedTime: '22:30', wakeTime: '06:45' });
    const commands = await db.selectFrom('device_commands').select(['cmd']).where('device_id', '=', await rowId(inside)).execute();
    assert.ok(commands.some((command) => command.cmd === 'configure'), 'the monitor is sent its new schedule');
  });
});
