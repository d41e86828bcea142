import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('communities and geofences', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  test('a community is a level-1 area that stores its sleep and alarm configs for later readers', async () => {
    const created = await server.call(api.insertCommunity, { name: 'Maple Court' }, { token });
    assert.equal(created.status, Status.OK);
    const other = await server.call(api.insertCommunity, { name: 'Oak Court' }, { token });
    const sleep = { bedTimeStart: '21:00', wakeTime: '06:30', leftBedSeconds: 15, enabled: true };
    assert.equal((await server.call(api.saveUserSleepConfig, { communityId: created.data.id, config: sleep }, { token })).status, Status.OK);
    assert.equal((await server.call(api.saveAlarmConfig, { communityId: created.data.id, config: { leftBedOvertimeMinutes: 5 } }, { token })).status, Status.OK);
    assert.equal((await server.call(api.saveUserSleepConfigs, { communityIds: [created.data.id, other.data.id], config: { ...sleep, wakeTime: '07:00' } }, { token })).status, Status.OK);
    const list = await server.call(api.queryCommunityList, {}, { token });
    const maple = list.data.find((row) => row.id === created.data.id);
    assert.deepEqual(maple?.sleepConfig, { ...sleep, wakeTime: '07:00' });
    assert.deepEqual(maple?.alarmConfig, { leftBedOvertimeMinutes: 5 });
    assert.equal(list.data.find((row) => row.id === other.data.id)?.alarmConfig, null);
    const areas = await server.call(api.getAreaList, { level: 1 }, { token });
    assert.ok(areas.data.some((area) => area.name === 'Maple Court'));
  });

  test('bad configs and names are refused; a community with floors cannot be deleted', async () => {
    const created = await server.call(api.insertCommunity, { name: 'Pine Court' }, { token });
    const nested = await server.call(api.saveAlarmConfig, { communityId: created.data.id, config: { deep: { x: 1 } } }, { token });
    assert.equal(nested.status, Status.BAD_REQUEST);
    assert.match(nested.msg, /at most 64 simple values/);
    const tooMany = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]));
    assert.equal((await server.call(api.saveAlarmConfig, { communityId: created.data.id, config: tooMany }, { token })).status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.insertCommunity, { name: 'pine court' }, { token })).status, Status.CONFLICT);
    const floor = await server.call(api.insertArea, { name: '1F', parentId: created.data.id }, { token });
    const blocked = await server.call(api.deleteCommunity, { id: created.data.id }, { token });
    assert.equal(blocked.status, Status.CONFLICT);
    assert.match(blocked.msg, /still has floors/);
    assert.equal((await server.call(api.deleteCommunity, { id: floor.data.id }, { token })).status, Status.NOT_FOUND, 'a floor is not a community');
    await server.call(api.deleteAreaById, { id: floor.data.id }, { token });
    assert.equal((await server.call(api.deleteCommunity, { id: created.data.id }, { token })).status, Status.OK);
  });

  test('geofences: centre, radius and keyword per area, with validation', async () => {
    const area = await server.call(api.insertCommunity, { name: 'Fenced' }, { token });
    const added = await server.call(api.enclosureAdd, { areaId: area.data.id, name: 'Garden', centerLat: 52.52, centerLng: 13.405, radius: 150, keyword: 'Tiergarten' }, { token });
    assert.equal(added.status, Status.OK);
    const list = await server.call(api.enclosureGetByArea, { areaId: area.data.id }, { token });
    assert.deepEqual(list.data.map((fence) => [fence.name, fence.centerLat, fence.centerLng, fence.radius, fence.keyword, fence.areaName]), [['Garden', 52.52, 13.405, 150, 'Tiergarten', 'Fenced']]);
    for (const [patch, message] of [[{ centerLat: 91 }, /Latitude/], [{ centerLng: -181 }, /Longitude/], [{ radius: 5 }, /Radius must be/]] as const) {
      const bad = await server.call(api.enclosureUpdate, Object.assign({ id: added.data.id, name: 'Garden', centerLat: 52, centerLng: 13, radius: 150 }, patch), { token });
      assert.equal(bad.status, Status.BAD_REQUEST);
      assert.match(bad.msg, message);
    }
    assert.equal((await server.call(api.enclosureUpdate, { id: added.data.id, name: 'Park', centerLat: 52, centerLng: 13, radius: 300 }, { token })).status, Status.OK);
    assert.equal((await server.call(api.enclosureGetByArea, { areaId: area.data.id }, { token })).data[0].radius, 300);
    assert.equal((await server.call(api.enclosureDelete, { id: added.data.id }, { token })).status, Status.OK);
    assert.equal((await server.call(api.enclosureDelete, { id: added.data.id }, { token })).status, Status.NOT_FOUND);

    assert.deepEqual((await server.call(api.enclosureConfigGet, {}, { token })).data, { enabled: false, alarmOnLeave: true, reportIntervalSeconds: 60 });
    assert.equal((await server.call(api.enclosureConfigSave, { enabled: true, alarmOnLeave: true, reportIntervalSeconds: 5 }, { token })).status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.enclosureConfigSave, { enabled: true, alarmOnLeave: false, reportIntervalSeconds: 30 }, { token })).status, Status.OK);
    assert.deepEqual((await server.call(api.enclosureConfigGet, {}, { token })).data, { enabled: true, alarmOnLeave: false, reportIntervalSeconds: 30 });
  });
});
