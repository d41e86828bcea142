import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('resident states, bed counts and the resident list', () => {
  let server: TestServer;
  let token: string;
  let place: Awaited<ReturnType<typeof buildPlace>>;
  let clock = 1_800_000_000_000;
  before(async () => {
    server = await startTestServer({ demo: true, now: () => clock });
    token = (await server.login('demotwoa')).token;
    place = await buildPlace(server, token, { area: 'State Test', rooms: '1', beds: 'A,B,C' });
  });
  after(() => server.close());

  const resident = (name: string, extra: Record<string, unknown> = {}) =>
    server.call(api.insertUser, { name, gender: 'male', birthDate: '1940-01-01', ...extra }, { token });

  test('not admitted → checked in → checked out → checked in again → logged out → checked in again, with times', async () => {
    const { data } = await resident('Walter Bishop', { bunkId: place.bedIds[0] });
    const id = data.id;
    const act = (action?: 'checkIn' | 'checkOut' | 'deregister') => server.call(api.getUserCheckIn, { id, ...(action ? { action } : {}) }, { token });

    assert.equal((await act()).data.state, 'notAdmitted');
    clock += 1000;
    const admitted = await act('checkIn');
    assert.equal(admitted.data.state, 'admitted');
    assert.equal(admitted.data.checkInAt, clock);
    const twice = await act('checkIn');
    assert.equal(twice.status, Status.CONFLICT);
    assert.match(twice.msg, /already checked in/);

    clock += 1000;
    const out = await act('checkOut');
    assert.equal(out.data.state, 'checkedOut');
    assert.equal(out.data.checkOutAt, clock);
    assert.equal(out.data.bunkId, place.bedIds[0], 'checking out keeps the bed and the data');
    assert.equal((await act('checkOut')).status, Status.CONFLICT);

    clock += 1000;
    const again = await act('checkIn');
    assert.equal(again.data.state, 'admitted');
    assert.equal(again.data.checkInAt, clock);
    assert.equal(again.data.checkOutAt, null);

    clock += 1000;
    const gone = await act('deregister');
    assert.equal(gone.data.state, 'deregistered');
    assert.equal(gone.data.deregisteredAt, clock);
    assert.equal(gone.data.bunkId, null, 'logging out clears the bed link');
    const kept = await server.call(api.getUserMessageById, { id }, { token });
    assert.equal(kept.data.name, 'Walter Bishop', 'logging out keeps the data');
    assert.equal((await act('deregister')).status, Status.CONFLICT);

    assert.equal((await act('checkIn')).data.state, 'admitted');
  });

  test('checking out by bed needs a checked-in resident on it', async () => {
    const { data } = await resident('Nina Sharp', { bunkId: place.bedIds[1] });
    const refused = await server.call(api.bunkCheckOut, { id: place.bedIds[1] }, { token });
    assert.equal(refused.status, Status.CONFLICT);
    assert.match(refused.msg, /No checked-in resident/);
    await server.call(api.getUserCheckIn, { id: data.id, action: 'checkIn' }, { token });
    assert.equal((await server.call(api.bunkCheckOut, { id: place.bedIds[1] }, { token })).status, Status.OK);
    assert.equal((await server.call(api.getUserCheckIn, { id: data.id }, { token })).data.state, 'checkedOut');
  });

  test('bed summary counts occupied, vacant and with-device beds; an occupied bed cannot be deleted', async () => {
    const before = (await server.call(api.bunkSummary, {}, { token })).data;
    const bed = place.bedIds[2];
    await server.call(api.updateBunk, { id: bed, name: 'C', deviceCode: 'BM8701-0001' }, { token });
    const { data } = await resident('Astrid Farnsworth', { bunkId: bed });
    const after = (await server.call(api.bunkSummary, {}, { token })).data;
    assert.equal(after.total, before.total);
    assert.equal(after.occupied, before.occupied + 1);
    assert.equal(after.vacant, before.vacant - 1);
    assert.equal(after.withDevice, before.withDevice + 1);
    const refused = await server.call(api.deleteBunk, { id: bed }, { token });
    assert.equal(refused.status, Status.CONFLICT);
    assert.match(refused.msg, /linked to resident Astrid Farnsworth/);
    const badCode = await server.call(api.updateBunk, { id: bed, name: 'C', deviceCode: 'has space' }, { token });
    assert.equal(badCode.status, Status.BAD_REQUEST);
    assert.match(badCode.msg, /Device code may contain only/);
    await server.call(api.getUserCheckIn, { id: data.id, action: 'deregister' }, { token });
    assert.equal((await server.call(api.bunkSummary, {}, { token })).data.occupied, before.occupied);
  });

  test('the list searches, filters by area, state and attention, and pages', async () => {
    const other = await buildPlace(server, token, { area: 'List Other', rooms: '9', beds: 'Z' });
    const flagged = await resident('Zelda Flagged', { attention: true, bunkId: other.bedIds[0] });
    await server.call(api.getUserCheckIn, { id: flagged.data.id, action: 'checkIn' }, { token });

    const search = await server.call(api.userList, { keyWord: 'zelda', pageNum: 1, pageSize: 10 }, { token });
    assert.deepEqual(search.data.rows.map((row) => row.name), ['Zelda Flagged']);
    const byArea = await server.call(api.userList, { areaId: other.areaId, pageNum: 1, pageSize: 10 }, { token });
    assert.deepEqual(byArea.data.rows.map((row) => row.name), ['Zelda Flagged']);
    const byFloor = await server.call(api.userList, { areaId: other.floorId, pageNum: 1, pageSize: 10 }, { token });
    assert.equal(byFloor.data.total, 1);
    const byRoomName = await server.call(api.userList, { keyWord: '9', areaId: other.areaId, pageNum: 1, pageSize: 10 }, { token });
    assert.equal(byRoomName.data.total, 1);

    const attention = await server.call(api.userList, { attention: true, pageNum: 1, pageSize: 1000 }, { token });
    assert.ok(attention.data.rows.every((row) => row.attention));
    assert.ok(attention.data.rows.some((row) => row.name === 'Zelda Flagged'));
    const admitted = await server.call(api.userList, { state: 'admitted', pageNum: 1, pageSize: 1000 }, { token });
    assert.ok(admitted.data.rows.every((row) => row.state === 'admitted'));
    const summary = (await server.call(api.userSummary, {}, { token })).data;
    assert.equal(admitted.data.total, summary.admitted);
    assert.equal(attention.data.total, summary.attention);

    const page1 = await server.call(api.userList, { pageNum: 1, pageSize: 3 }, { token });
    const page2 = await server.call(api.userList, { pageNum: 2, pageSize: 3 }, { token });
    assert.equal(page1.data.rows.length, 3);
    assert.equal(page1.data.total, summary.total);
    assert.notDeepEqual(page1.data.rows.map((row) => row.id), page2.data.rows.map((row) => row.id));
    assert.ok(page1.data.rows[0].id > page1.data.rows[2].id, 'newest first');

    const badState = await server.call(api.userList, { state: 'asleep', pageNum: 1, pageSize: 10 }, { token });
    assert.equal(badState.status, Status.BAD_REQUEST);
  });
});
