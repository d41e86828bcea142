import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { unzipSync, strFromU8 } from 'fflate';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('personal data: a resident\'s archive and erasure', () => {
  let server: TestServer;
  let home: string;
  let id: number;
  before(async () => {
    server = await startTestServer({ demo: true, env: { RESIDENT_ERASE_AFTER_DAYS: '30' } });
    home = (await server.login('demotwoa')).token;
    const created = await server.call(api.insertUser, {
      name: 'Greta Private', gender: 'female', birthDate: '1938-07-09', weight: 58, remark: 'likes tea',
      contacts: [{ name: 'Hans Private', phone: '+4915112345678', relation: 'children' }],
    }, { token: home });
    assert.equal(created.status, 200, created.msg);
    id = created.data.id;
    const { db } = server.vigil.database;
    const provider = (await db.selectFrom('residents').select('provider_id').where('id', '=', id).executeTakeFirstOrThrow()).provider_id;
    await db.insertInto('alarms').values({
      provider_id: provider, device_id: 'T-ALARM', device_type: 20993, alert_type: 'SOS', alarm_group: 'sos', alert_level: 1, open_key: null, resident_id: id, bed_id: null, room_id: null,
      floor_id: null, area_id: null, user_name: 'Greta Private', bunk: '', room: '', floor_area: '', status: 1, duration: null, raised_at: Date.now(), last_at: Date.now(), repeat_count: 0,
      relieved: 1, release_source: 0, deal_state: 'processed', remark: 'Greta was fine', response_ms: 60_000, deal_time: Date.now(),
    }).execute();
  });
  after(() => server.close());

  const download = (token: string, residentId: number) => server.vigil.app.inject({ method: 'GET', url: `/api${api.residentPersonalData.path}?id=${residentId}`, headers: { 's-token': token } });

  test('the archive holds the profile, contacts and alarms as JSON; another care home gets nothing; the export is audited', async () => {
    const response = await download(home, id);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    assert.deepEqual(Object.keys(files).sort(), ['README.txt', 'alarm-settings.json', 'alarms.json', 'caregivers.json', 'contacts.json', 'daily-reports.json', 'devices.json', 'monthly-reports.json', 'resident.json']);
    const resident = JSON.parse(strFromU8(files['resident.json']!)) as { name: string; birthDate: string; weightKg: number; remark: string };
    assert.deepEqual([resident.name, resident.birthDate, resident.weightKg, resident.remark], ['Greta Private', '1938-07-09', 58, 'likes tea']);
    assert.equal((JSON.parse(strFromU8(files['contacts.json']!)) as { name: string }[])[0]?.name, 'Hans Private');
    assert.equal((JSON.parse(strFromU8(files['alarms.json']!)) as { remark: string }[])[0]?.remark, 'Greta was fine');
    const hillside = (await server.login('demotwob')).token;
    const foreign = await download(hillside, id);
    assert.notEqual(foreign.json().status, 200);
    const trail = await server.vigil.database.db.selectFrom('audit_log').select(['kind', 'record']).where('operation', '=', 'userManagement.personalData').execute();
    assert.deepEqual(trail, [{ kind: 'export', record: `record#${id}` }]);
  });

  test('erasure is refused before check-out with a clear message, then keeps only anonymised statistics', async () => {
    const early = await server.call(api.residentErase, { id }, { token: home, language: 'de' });
    assert.equal(early.status, api.Status.CONFLICT);
    assert.match(early.msg, /ausgezogene/);
    assert.equal((await server.call(api.getUserMessageById, { id }, { token: home })).data.name, 'Greta Private', 'the refusal changed nothing');
    assert.equal((await server.call(api.getUserCheckIn, { id, action: 'checkIn' }, { token: home })).status, 200);
    assert.equal((await server.call(api.getUserCheckIn, { id, action: 'checkOut' }, { token: home })).status, 200);
    const erased = await server.call(api.residentErase, { id }, { token: home });
    assert.equal(erased.status, 200, erased.msg);

    const { db } = server.vigil.database;
    const row = await db.selectFrom('residents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual([row.name, row.birth_date, row.weight_kg, row.remark, row.gender, row.state], [`${api.ERASED_RESIDENT_NAME} ${id}`, '1938-01-01', null, '', 0, 'checkedOut']);
    assert.equal((await db.selectFrom('resident_contacts').select('id').where('resident_id', '=', id).execute()).length, 0);
    const alarm = await db.selectFrom('alarms').select(['user_name', 'resident_id', 'remark', 'response_ms']).where('device_id', '=', 'T-ALARM').executeTakeFirstOrThrow();
    assert.deepEqual(alarm, { user_name: api.ERASED_RESIDENT_NAME, resident_id: null, remark: null, response_ms: 60_000 }, 'the alarm still counts, without the person');
    // The trail says what went, never the erased values.
    const trail = await db.selectFrom('audit_log').select(['kind', 'changes']).where('operation', '=', 'userManagement.erase').where('kind', '=', 'change').execute();
    assert.equal(trail.length, 1);
    assert.match(trail[0]!.changes, /"fields":\[/);
    assert.doesNotMatch(trail[0]!.changes, /Greta|Hans|likes tea|4915112345678/);
    const again = await server.call(api.residentErase, { id }, { token: home });
    assert.equal(again.status, api.Status.CONFLICT);
  });

  test('after RESIDENT_ERASE_AFTER_DAYS the scheduler erases checked-out residents and records it', async () => {
    const created = await server.call(api.insertUser, { name: 'Otto Old', gender: 'male', birthDate: '1930-01-02' }, { token: home });
    const old = created.data.id;
    await server.call(api.getUserCheckIn, { id: old, action: 'checkIn' }, { token: home });
    await server.call(api.getUserCheckIn, { id: old, action: 'checkOut' }, { token: home });
    const { db } = server.vigil.database;
    await db.updateTable('residents').set({ check_out_at: Date.now() - 31 * 86_400_000 }).where('id', '=', old).execute();
    assert.equal(await server.vigil.scheduler.runNow('resident-erase-after-retention'), true);
    assert.equal((await db.selectFrom('residents').select('name').where('id', '=', old).executeTakeFirstOrThrow()).name, `${api.ERASED_RESIDENT_NAME} ${old}`);
    const trail = await db.selectFrom('audit_log').select(['user_name', 'changes']).where('operation', '=', 'residents.eraseAfterRetention').execute();
    assert.equal(trail.length, 1);
    assert.equal(trail[0]!.user_name, 'system');
    assert.match(trail[0]!.changes, new RegExp(`residents#${old}`));
  });
});
