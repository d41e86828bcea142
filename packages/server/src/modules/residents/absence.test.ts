import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status, type DevicePlacement } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { dayFiguresRepository } from '../statistics/day-figures.repository.ts';
import { dayWindow } from '../statistics/snapshot-writer.ts';

/**
 * Temporary absence (spec 02 §7 /user/transient/post and /user/transient/delete): a resident
 * away raises no bed alarms and counts as away on the board and in statistics, until back.
 */
describe('temporary absence', () => {
  let server: TestServer;
  let token: string;
  let providerId: number;
  let residentId: number;
  let monitorId: string;
  let placement: DevicePlacement & { providerId: number };

  before(async () => {
    server = await startTestServer({ demo: true });
    const login = await server.login('demotwoa');
    token = login.token;
    providerId = login.providerId ?? 0;
    const place = await buildPlace(server, token, { area: 'Away Wing', rooms: '1', beds: '1' });
    const resident = await server.call(api.insertUser, { name: 'Olive Away', gender: 'female', birthDate: '1931-05-05', bunkId: place.bedIds[0] }, { token });
    assert.equal(resident.status, Status.OK, resident.msg);
    residentId = resident.data.id;
    placement = { providerId, bedId: place.bedIds[0], roomId: place.roomIds[0], residentId: null };
    monitorId = await insertDevice(server.vigil.database.db, { deviceType: 49, ...placement });
  });
  after(() => server.close());

  const bedAlarms = () => server.vigil.database.db.selectFrom('alarms').select(['id', 'alert_type']).where('device_id', '=', monitorId).execute();

  /**
   * Something on the bed stops breathing for 30 s (BREATH_STOP after 20 s, at any hour), then the
   * bed is left for a minute (the left-bed rules, inside the sleep schedule), ending now.
   */
  async function getUpAndLeave(): Promise<void> {
    const t0 = Date.now() - 100_000;
    const samples = Array.from({ length: 95 }, (_, i) => ({ t: t0 + i * 1000, hr: 60, rr: i >= 5 && i < 35 ? 0 : 14, move: 0, bed: i < 35 ? ('in' as const) : ('out' as const) }));
    await server.vigil.bus.publish('device.samples', { deviceId: monitorId, deviceType: 49, receivedAt: Date.now(), ...placement, samples });
    await server.vigil.alarms.pipeline.drain();
  }

  test('only a checked-in resident can be away; a planned return in the past and an unknown reason are refused', async () => {
    const early = await server.call(api.transientPost, { userId: residentId, reason: 'hospital' }, { token });
    assert.equal(early.status, Status.CONFLICT);
    assert.match(early.msg, /checked-in/);
    assert.equal((await server.call(api.getUserCheckIn, { id: residentId, action: 'checkIn' }, { token })).status, Status.OK);
    const past = await server.call(api.transientPost, { userId: residentId, reason: 'hospital', until: Date.now() - 1000 }, { token });
    assert.equal(past.status, Status.BAD_REQUEST);
    assert.match(past.msg, /planned return/);
    const odd = await server.call(api.transientPost, { userId: residentId, reason: 'holiday' as 'other' }, { token });
    assert.equal(odd.status, Status.BAD_REQUEST);
    const foreign = await server.login('demotwob');
    assert.equal((await server.call(api.transientPost, { userId: residentId, reason: 'family' }, { token: foreign.token })).status, Status.NOT_FOUND);
    const resident = await server.call(api.getUserMessageById, { id: residentId }, { token });
    assert.equal(resident.data.away, null, 'refused calls change nothing');
  });

  test('while away the bed raises no alarms; the board and statistics count the resident away; back, the bed raises again', async () => {
    const away = await server.call(api.transientPost, { userId: residentId, reason: 'hospital', remark: 'Hip X-ray' }, { token });
    assert.equal(away.status, Status.OK, away.msg);
    assert.equal(away.data.away?.reason, 'hospital');
    assert.equal(away.data.away?.remark, 'Hip X-ray');

    await getUpAndLeave();
    assert.deepEqual(await bedAlarms(), [], 'the bed of an away resident raises nothing');

    const board = await server.call(api.monitorUserList, { pageNum: 1, pageSize: 100, keyWord: 'Olive Away' }, { token });
    assert.equal(board.status, Status.OK, board.msg);
    assert.equal(board.data.rows[0]?.away?.reason, 'hospital');
    assert.equal((await server.call(api.getUserMessageById, { id: residentId }, { token })).data.away?.remark, 'Hip X-ray');

    const today = new Date().toISOString().slice(0, 10);
    const figures = await dayFiguresRepository(server.vigil.database.db).compute([providerId], dayWindow(today, 'UTC'));
    assert.equal(figures.residents.away, 1);
    // Spec 01 §9 age bands: born 1931-05-05, so over 90 on any day from 2022-05-05.
    assert.deepEqual(figures.residents.ageBands?.map((band) => band.band), ['0-60', '61-70', '71-80', '81-90', '91+']);
    assert.ok((figures.residents.ageBands?.find((band) => band.band === '91+')?.residents ?? 0) >= 1);

    const back = await server.call(api.transientDelete, { userId: residentId }, { token });
    assert.equal(back.status, Status.OK, back.msg);
    assert.equal(back.data.away, null);
    assert.equal((await server.call(api.transientDelete, { userId: residentId }, { token })).status, Status.OK, 'back twice answers the same');
    assert.equal((await server.call(api.monitorUserList, { pageNum: 1, pageSize: 100, keyWord: 'Olive Away' }, { token })).data.rows[0]?.away, null);

    await getUpAndLeave();
    assert.ok((await bedAlarms()).some((alarm) => alarm.alert_type === 'BREATH_STOP'), 'back home, the bed raises again');
  });

  test('a planned return ends the absence by itself; checking out ends it too', async () => {
    const soon = Date.now() + 60_000;
    const away = await server.call(api.transientPost, { userId: residentId, reason: 'family', until: soon }, { token });
    assert.equal(away.data.away?.until, soon);
    const figuresAfter = await dayFiguresRepository(server.vigil.database.db).compute([providerId], { date: '2099-01-01', from: soon + 1, to: soon + 2 });
    assert.equal(figuresAfter.residents.away, 0, 'after the planned return the resident counts as back');
    assert.equal((await server.call(api.getUserCheckIn, { id: residentId, action: 'checkOut' }, { token })).status, Status.OK);
    assert.equal((await server.call(api.getUserMessageById, { id: residentId }, { token })).data.away, null);
  });
});
