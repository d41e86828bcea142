import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('address tree: areas, floors, rooms', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  test('an area and its floor are added and listed with their counts', async () => {
    const area = await server.call(api.insertArea, { name: '  North Wing  ' }, { token });
    assert.equal(area.status, Status.OK);
    const floor = await server.call(api.insertArea, { name: 'Ground', parentId: area.data.id }, { token });
    assert.equal(floor.status, Status.OK);
    await server.call(api.insertRooms, { floorId: floor.data.id, names: 'G1,G2' }, { token });
    const list = await server.call(api.getAreaList, {}, { token });
    const north = list.data.find((row) => row.id === area.data.id);
    assert.equal(north?.name, 'North Wing');
    assert.equal(north?.level, 1);
    assert.equal(north?.floorCount, 1);
    assert.equal(north?.roomCount, 2);
    const ground = list.data.find((row) => row.id === floor.data.id);
    assert.equal(ground?.level, 2);
    assert.equal(ground?.parentName, 'North Wing');
  });

  test('area names are unique per provider, case-insensitively, and the refusal names the name', async () => {
    await server.call(api.insertArea, { name: 'East Wing' }, { token });
    const again = await server.call(api.insertArea, { name: 'EAST WING' }, { token });
    assert.equal(again.status, Status.CONFLICT);
    assert.match(again.msg, /"EAST WING" already exists/);
  });

  test('floor names are unique within their area only', async () => {
    const a = await buildPlace(server, token, { area: 'Unique A', floor: '2F' });
    const b = await server.call(api.insertArea, { name: 'Unique B' }, { token });
    assert.equal((await server.call(api.insertArea, { name: '2F', parentId: b.data.id }, { token })).status, Status.OK);
    const clash = await server.call(api.insertArea, { name: '2f', parentId: a.areaId }, { token });
    assert.equal(clash.status, Status.CONFLICT);
    assert.match(clash.msg, /floor named "2f" already exists/);
  });

  test('a floor cannot hold a floor, and rooms need a floor', async () => {
    const place = await buildPlace(server, token, { area: 'Nesting' });
    const nested = await server.call(api.insertArea, { name: 'Mezzanine', parentId: place.floorId }, { token });
    assert.equal(nested.status, Status.BAD_REQUEST);
    assert.match(nested.msg, /only be added to an area/);
    const onArea = await server.call(api.insertRooms, { floorId: place.areaId, names: '900' }, { token });
    assert.equal(onArea.status, Status.BAD_REQUEST);
    assert.match(onArea.msg, /choose a floor/);
  });

  test('bad names are refused with a message naming the field and the rule', async () => {
    const empty = await server.call(api.insertArea, { name: '   ' }, { token });
    assert.equal(empty.status, Status.BAD_REQUEST);
    assert.match(empty.msg, /Name is required/);
    for (const name of ['x'.repeat(33), 'a,b', 'a，b', 'tab\there']) {
      const result = await server.call(api.insertArea, { name }, { token });
      assert.equal(result.status, Status.BAD_REQUEST, name);
      assert.match(result.msg, /1~32 characters, without commas or control characters/);
    }
    assert.equal((await server.call(api.insertArea, { name: 'x'.repeat(32) }, { token })).status, Status.OK);
  });

  test('batch room add is all or nothing and names the offending name', async () => {
    const place = await buildPlace(server, token, { area: 'Batch', rooms: '101' });
    const ok = await server.call(api.insertRooms, { floorId: place.floorId, names: '102, 103，104' }, { token });
    assert.equal(ok.status, Status.OK);
    assert.equal(ok.data.ids.length, 3);

    const taken = await server.call(api.insertRooms, { floorId: place.floorId, names: '105,101,106' }, { token });
    assert.equal(taken.status, Status.CONFLICT);
    assert.match(taken.msg, /"101" already exists on this floor/);
    const repeated = await server.call(api.insertRooms, { floorId: place.floorId, names: '107,107' }, { token });
    assert.equal(repeated.status, Status.BAD_REQUEST);
    assert.match(repeated.msg, /"107" is entered more than once/);
    const bad = await server.call(api.insertRooms, { floorId: place.floorId, names: `108,${'y'.repeat(40)}` }, { token });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.match(bad.msg, /The name "y{40}" is not valid/);

    const rooms = await server.call(api.getRoomListByAreaId, { areaId: place.floorId }, { token });
    assert.deepEqual(rooms.data.map((room) => room.name), ['101', '102', '103', '104']);
  });

  test('rooms are renamed only to a name free on their floor', async () => {
    const place = await buildPlace(server, token, { area: 'Rename', rooms: '1,2' });
    const clash = await server.call(api.updateRoom, { id: place.roomIds[0], name: '2' }, { token });
    assert.equal(clash.status, Status.CONFLICT);
    assert.equal((await server.call(api.updateRoom, { id: place.roomIds[0], name: '1A' }, { token })).status, Status.OK);
    const page = await server.call(api.getRoomList, { areaId: place.areaId, keyWord: '1a', pageNum: 1, pageSize: 10 }, { token });
    assert.equal(page.data.total, 1);
    assert.equal(page.data.rows[0].name, '1A');
    assert.equal(page.data.rows[0].buildingName, 'Rename');
  });

  test('an area with floors, a floor with rooms and a room with beds cannot be deleted; the refusal says why', async () => {
    const place = await buildPlace(server, token, { area: 'Deletable', rooms: '1', beds: 'A' });
    const area = await server.call(api.deleteAreaById, { id: place.areaId }, { token });
    assert.equal(area.status, Status.CONFLICT);
    assert.match(area.msg, /still has floors/);
    const floor = await server.call(api.deleteAreaById, { id: place.floorId }, { token });
    assert.equal(floor.status, Status.CONFLICT);
    assert.match(floor.msg, /still has rooms/);
    const room = await server.call(api.deleteRoomById, { id: place.roomIds[0] }, { token });
    assert.equal(room.status, Status.CONFLICT);
    assert.match(room.msg, /still has beds/);

    assert.equal((await server.call(api.deleteBunk, { id: place.bedIds[0] }, { token })).status, Status.OK);
    assert.equal((await server.call(api.deleteRoomById, { id: place.roomIds[0] }, { token })).status, Status.OK);
    assert.equal((await server.call(api.deleteAreaById, { id: place.floorId }, { token })).status, Status.OK);
    assert.equal((await server.call(api.deleteAreaById, { id: place.areaId }, { token })).status, Status.OK);
    assert.equal((await server.call(api.deleteAreaById, { id: place.areaId }, { token })).status, Status.NOT_FOUND);
  });

  test('messages follow Accept-Language', async () => {
    const place = await buildPlace(server, token, { area: 'Sprache' });
    const result = await server.call(api.deleteAreaById, { id: place.areaId }, { token, language: 'de' });
    assert.match(result.msg, /hat noch Stockwerke/);
    const zh = await server.call(api.deleteAreaById, { id: place.floorId }, { token, language: 'zh-cn' });
    assert.match(zh.msg, /还有房间/);
  });

  test('the tree holds areas, floors, rooms and beds', async () => {
    await buildPlace(server, token, { area: 'Tree', rooms: '1,2', beds: 'A,B' });
    const tree = await server.call(api.getAreaWithRoomList, {}, { token });
    const node = tree.data.find((area) => area.name === 'Tree');
    assert.equal(node?.floors.length, 1);
    assert.equal(node?.floors[0].rooms.length, 2);
    assert.deepEqual(node?.floors[0].rooms[0].beds.map((bed) => bed.name), ['A', 'B']);
  });
});
