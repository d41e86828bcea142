import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, Status, type Operation } from '@vigil/contracts';
import { buildPlace, download, upload, workbookBytes } from '../test/care-fixtures.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { isReadOnlyCall } from '../tenancy/data-permission.ts';
import { analyseNight } from '../analysis/sleep/index.ts';
import { tenHourNight } from '../analysis/sleep/night-builder.ts';
import { reportValues } from './reports/daily-reports.ts';
import { reportRepository } from './reports/report.repository.ts';

const CARE_TAGS = ['addresses', 'beds', 'residents', 'relatives', 'caregivers', 'community', 'enclosure', 'reports'];

/**
 * Tenant scope of every care-data call: a foreign provider's token (demotwob) must
 * neither read nor change demotwoa's areas, rooms, beds, residents, contacts,
 * caregivers, communities or geofences, and foreign rows answer exactly like missing ones.
 */
describe('care data tenant scope', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  const a = { areaId: 0, floorId: 0, roomId: 0, bedId: 0, residentId: 0, contactId: 0, caregiverId: 0, geofenceId: 0, reportId: 0 };

  before(async () => {
    server = await startTestServer({ demo: true });
    tokenA = (await server.login('demotwoa')).token;
    tokenB = (await server.login('demotwob')).token;
    const place = await buildPlace(server, tokenA, { area: 'Scope A Secret', rooms: 'S1', beds: 'SB' });
    Object.assign(a, { areaId: place.areaId, floorId: place.floorId, roomId: place.roomIds[0], bedId: place.bedIds[0] });
    const caregiver = await server.call(api.insertNursing, { name: 'Scope Carer', phone: '+15550001111', grade: 'senior' }, { token: tokenA });
    a.caregiverId = caregiver.data.id;
    const resident = await server.call(api.insertUser, {
      name: 'Scope Secret Resident', gender: 'female', birthDate: '1939-05-05', bunkId: a.bedId, caregiverIds: [a.caregiverId],
      contacts: [{ name: 'Scope Son', phone: '+15550002222', relation: 'children' }],
    }, { token: tokenA });
    a.residentId = resident.data.id;
    a.contactId = (await server.call(api.getUserMessageById, { id: a.residentId }, { token: tokenA })).data.contacts[0].id;
    a.geofenceId = (await server.call(api.enclosureAdd, { areaId: a.areaId, name: 'Garden', centerLat: 51.5, centerLng: -0.12, radius: 200 }, { token: tokenA })).data.id;
    // A sleep report of demotwoa's resident, as the nightly job stores it.
    const db = server.vigil.database.db;
    const providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', a.residentId).executeTakeFirstOrThrow()).provider_id;
    const start = Date.UTC(2026, 2, 9, 20);
    const night = { date: '2026-03-10', from: start, to: start + 36_000_000, wake: start + 36_000_000 };
    const report = reportValues({ residentId: a.residentId, providerId, deviceId: 'SCOPE-1', settings: '{}' }, night, analyseNight(tenHourNight(start)), Date.now());
    a.reportId = (await reportRepository(db).insertDaily(report)) ?? 0;
  });
  after(() => server.close());

  const residentInput = () => ({ name: 'Intruder', gender: 'male', birthDate: '1950-01-01' });
  const caregiverFields = () => ({ name: 'X', phone: '+15550009999', grade: 'general' });

  /** Each call with demotwoa's ids, and the status a foreign token must get. */
  const foreignCalls: [Operation, () => Record<string, unknown>, number][] = [
    [api.insertArea, () => ({ name: 'Foreign floor', parentId: a.areaId }), Status.NOT_FOUND],
    [api.updateArea, () => ({ id: a.areaId, name: 'Hacked' }), Status.NOT_FOUND],
    [api.deleteAreaById, () => ({ id: a.floorId }), Status.NOT_FOUND],
    [api.getAreaList, () => ({ parentId: a.areaId }), Status.OK],
    [api.getRoomListByAreaId, () => ({ areaId: a.areaId }), Status.NOT_FOUND],
    [api.getRoomList, () => ({ areaId: a.areaId, pageNum: 1, pageSize: 10 }), Status.NOT_FOUND],
    [api.insertRooms, () => ({ floorId: a.floorId, names: 'X1' }), Status.NOT_FOUND],
    [api.updateRoom, () => ({ id: a.roomId, name: 'Hacked' }), Status.NOT_FOUND],
    [api.deleteRoomById, () => ({ id: a.roomId }), Status.NOT_FOUND],
    [api.bunkList, () => ({ roomId: a.roomId, pageNum: 1, pageSize: 10 }), Status.NOT_FOUND],
    [api.insertBunks, () => ({ roomId: a.roomId, names: 'X' }), Status.NOT_FOUND],
    [api.updateBunk, () => ({ id: a.bedId, name: 'Hacked', deviceCode: 'X' }), Status.NOT_FOUND],
    [api.deleteBunk, () => ({ id: a.bedId }), Status.NOT_FOUND],
    [api.bunkRoomList, () => ({ areaId: a.areaId }), Status.NOT_FOUND],
    [api.getBunksByRoomName, () => ({ roomName: 'S1', areaId: a.areaId }), Status.NOT_FOUND],
    [api.bunkCheckOut, () => ({ id: a.bedId }), Status.NOT_FOUND],
    [api.getBunkListByRoomId, () => ({ roomId: a.roomId }), Status.NOT_FOUND],
    [api.getUserBunkList, () => ({ areaId: a.areaId }), Status.NOT_FOUND],
    [api.bunkExportData, () => ({ areaId: a.areaId }), Status.NOT_FOUND],
    [api.getUserMessageById, () => ({ id: a.residentId }), Status.NOT_FOUND],
    [api.updateUser, () => ({ ...residentInput(), id: a.residentId }), Status.NOT_FOUND],
    [api.deleteResident, () => ({ id: a.residentId }), Status.NOT_FOUND],
    [api.residentErase, () => ({ id: a.residentId }), Status.NOT_FOUND],
    [api.transientPost, () => ({ userId: a.residentId, reason: 'hospital', until: null, remark: '' }), Status.NOT_FOUND],
    [api.transientDelete, () => ({ userId: a.residentId }), Status.NOT_FOUND],
    [api.getUserCheckIn, () => ({ id: a.residentId }), Status.NOT_FOUND],
    [api.getUserCheckIn, () => ({ id: a.residentId, action: 'deregister' }), Status.NOT_FOUND],
    [api.insertUser, () => ({ ...residentInput(), bunkId: a.bedId, confirmBunk: true }), Status.BAD_REQUEST],
    [api.insertUser, () => ({ ...residentInput(), caregiverIds: [a.caregiverId] }), Status.BAD_REQUEST],
    [api.userList, () => ({ areaId: a.areaId, pageNum: 1, pageSize: 10 }), Status.OK],
    [api.deleteUserFamily, () => ({ id: a.contactId }), Status.NOT_FOUND],
    [api.resetRelativePassword, () => ({ id: a.contactId }), Status.NOT_FOUND],
    [api.getNursing, () => ({ id: a.caregiverId }), Status.NOT_FOUND],
    [api.operateNursing, () => ({ op: 'disable', id: a.caregiverId }), Status.NOT_FOUND],
    [api.operateNursing, () => ({ op: 'update', id: a.caregiverId, ...caregiverFields() }), Status.NOT_FOUND],
    [api.resetNursingPassword, () => ({ id: a.caregiverId }), Status.NOT_FOUND],
    [api.deleteNursing, () => ({ id: a.caregiverId }), Status.NOT_FOUND],
    [api.insertNursing, () => ({ ...caregiverFields(), residentIds: [a.residentId] }), Status.BAD_REQUEST],
    [api.saveUserSleepConfig, () => ({ communityId: a.areaId, config: { bedTime: '21:00' } }), Status.NOT_FOUND],
    [api.saveUserSleepConfigs, () => ({ communityIds: [a.areaId], config: { bedTime: '21:00' } }), Status.NOT_FOUND],
    [api.saveAlarmConfig, () => ({ communityId: a.areaId, config: { leftBed: true } }), Status.NOT_FOUND],
    [api.deleteCommunity, () => ({ id: a.areaId }), Status.NOT_FOUND],
    [api.enclosureGetByArea, () => ({ areaId: a.areaId }), Status.NOT_FOUND],
    [api.enclosureAdd, () => ({ areaId: a.areaId, name: 'X', centerLat: 1, centerLng: 1, radius: 100 }), Status.BAD_REQUEST],
    [api.enclosureUpdate, () => ({ id: a.geofenceId, name: 'X', centerLat: 1, centerLng: 1, radius: 100 }), Status.NOT_FOUND],
    [api.enclosureDelete, () => ({ id: a.geofenceId }), Status.NOT_FOUND],
    [api.getDailyReport, () => ({ id: a.reportId }), Status.NOT_FOUND],
    [api.getDailyReport, () => ({ userId: a.residentId, date: '2026-03-10' }), Status.NOT_FOUND],
    [api.getDailyReportData, () => ({ id: a.reportId }), Status.NOT_FOUND],
    [api.getTimePeriod, () => ({ userId: a.residentId }), Status.NOT_FOUND],
    [api.getMonthReport, () => ({ userId: a.residentId, month: '2026-03' }), Status.NOT_FOUND],
    [api.getMonthReportTimes, () => ({ userId: a.residentId }), Status.NOT_FOUND],
    [api.getDailyReportPageList, () => ({ userId: a.residentId, pageNum: 1, pageSize: 10 }), Status.OK],
    [api.sleepReportUserList, () => ({ pageNum: 1, pageSize: 10 }), Status.OK],
  ];

  for (const [operation, input, expected] of foreignCalls) {
    test(`${operation.path} with demotwoa's ids from demotwob's token answers ${expected}`, async () => {
      const result = await server.call(operation, input(), { token: tokenB });
      assert.equal(result.status, expected, result.msg);
      if (expected === Status.OK) assert.ok(!JSON.stringify(result.data).includes('Scope'), 'no foreign row in the answer');
    });
  }

  test('foreign rows answer exactly like missing ones', async () => {
    const foreign = await server.call(api.getUserMessageById, { id: a.residentId }, { token: tokenB });
    const missing = await server.call(api.getUserMessageById, { id: 987654 }, { token: tokenB });
    assert.deepEqual(foreign, missing);
  });

  test('lists, summaries, trees and exports of demotwob show nothing of demotwoa', async () => {
    const reads: [Operation, Record<string, unknown>][] = [
      [api.getAreaList, {}], [api.getAreaWithRoomList, {}], [api.getRoomList, { pageNum: 1, pageSize: 1000 }], [api.bunkList, { pageNum: 1, pageSize: 1000 }],
      [api.bunkRoomList, {}], [api.getUserBunkList, { all: true }], [api.getAdminBunkList, {}], [api.userList, { pageNum: 1, pageSize: 1000 }],
      [api.queryNursingList, { pageNum: 1, pageSize: 1000 }], [api.queryCommunityList, {}], [api.enclosureGetByArea, {}], [api.getBunksByRoomName, { roomName: 'S1' }],
      [api.getDailyReportPageList, { pageNum: 1, pageSize: 1000 }], [api.sleepReportUserList, { pageNum: 1, pageSize: 1000 }],
    ];
    for (const [operation, input] of reads) {
      const result = await server.call(operation, input, { token: tokenB });
      assert.equal(result.status, Status.OK, `${operation.path}: ${result.msg}`);
      assert.ok(!JSON.stringify(result.data).includes('Scope'), `${operation.path} leaks`);
    }
    for (const operation of [api.residentExportData, api.bunkExportData, api.nursingExportData]) {
      const file = await download(server, operation, {}, tokenB);
      assert.equal(file.status, 200);
      assert.ok(!file.bytes.toString('latin1').includes('Scope'), `${operation.path} leaks`);
    }
  });

  /** Calls an operation the way the console would: file operations as downloads or uploads. */
  async function callAs(operation: Operation, input: Record<string, unknown>, token: string, language = 'en-us') {
    if (operation.encoding === 'multipart') return upload(server, operation, 'data.xlsx', workbookBytes([['x']], 'xlsx'), token, language);
    if (operation.id.endsWith('excelModel') || operation.id.endsWith('exportData')) {
      const file = await download(server, operation, {}, token, language);
      return { status: file.status === 200 ? Status.OK : Number(JSON.parse(file.bytes.toString('utf8')).status), msg: '', data: null };
    }
    return server.call(operation, input, { token, language });
  }

  /** Care calls beyond the foreign-token walk, with valid input for demotwoa's provider. */
  const ownCalls: [Operation, () => Record<string, unknown>][] = [
    [api.getAreaWithRoomList, () => ({})], [api.bunkSummary, () => ({})], [api.getUserBunkConfiguration, () => ({})], [api.getAdminBunkList, () => ({})],
    [api.userSummary, () => ({})], [api.queryNursingList, () => ({ pageNum: 1, pageSize: 10 })], [api.queryCommunityList, () => ({})],
    [api.insertCommunity, () => ({ name: 'Read-only community' })], [api.enclosureConfigGet, () => ({})],
    [api.enclosureConfigSave, () => ({ enabled: true, alarmOnLeave: false, reportIntervalSeconds: 30 })],
    [api.bunkExcelModel, () => ({})], [api.residentExcelModel, () => ({})], [api.nursingExcelModel, () => ({})], [api.residentExportData, () => ({})], [api.nursingExportData, () => ({})],
    [api.batchAddBunk, () => ({})], [api.residentBatchAdd, () => ({})], [api.nursingBatchAdd, () => ({})], [api.insertBunks, () => ({ roomId: a.roomId, names: 'RO' })],
  ];

  test('a read-only sub-account (data permission 2) reads every care call but every write answers 403, localized, changing nothing', async () => {
    const created = await server.call(api.insertAccount, { userName: 'riverreadonly', passWord: 'Care#Home2026', nickName: 'Night desk', role: 'SUB_ROLE', dataPermission: 2 }, { token: tokenA });
    assert.equal(created.status, Status.OK, created.msg);
    const readOnly = await server.login('riverreadonly', 'Care#Home2026');
    assert.equal(readOnly.permissionType, 2);
    const walked = new Set<string>();
    // The PDF exports are reads (GET) that answer a file, not an envelope: reports/report-pdf.test.ts walks them.
    // So is a resident's personal-data archive: personal-data/personal-data.test.ts walks its scope.
    walked.add(api.exportDailyPdf.id).add(api.exportMonthPdf.id).add(api.residentPersonalData.id);
    for (const [operation, input] of [...foreignCalls.map(([operation, input]): [Operation, () => Record<string, unknown>] => [operation, input]), ...ownCalls]) {
      walked.add(operation.id);
      const result = await callAs(operation, input(), readOnly.token);
      if (isReadOnlyCall(operation, input())) {
        assert.notEqual(result.status, Status.NO_PERMISSION, `${operation.path} is a read: ${result.msg}`);
      } else {
        assert.equal(result.status, Status.NO_PERMISSION, `${operation.path} is a write`);
        if (result.msg) assert.match(result.msg, /read-only/, operation.path);
      }
    }
    const care = ALL_OPERATIONS.filter((operation) => CARE_TAGS.includes(operation.tag));
    assert.deepEqual(care.filter((operation) => !walked.has(operation.id)).map((operation) => operation.id), [], 'every care operation is walked');
    const german = await server.call(api.insertArea, { name: 'Nope' }, { token: readOnly.token, language: 'de' });
    assert.equal(german.status, Status.NO_PERMISSION);
    assert.match(german.msg, /nur Lesezugriff/);
    const resident = await server.call(api.getUserMessageById, { id: a.residentId }, { token: readOnly.token });
    assert.equal(resident.data.name, 'Scope Secret Resident', 'it reads its provider\'s data');
    assert.equal((await server.call(api.getUserMessageById, { id: a.residentId }, { token: (await server.login('demotwob')).token })).status, Status.NOT_FOUND);
    const communities = await server.call(api.queryCommunityList, {}, { token: tokenA });
    assert.ok(!JSON.stringify(communities.data).includes('Read-only community'), 'nothing was written');
  });

  test('a managing sub-account (data permission 1) changes its provider\'s data', async () => {
    const created = await server.call(api.insertAccount, { userName: 'rivermanager', passWord: 'Care#Home2026', nickName: 'Day desk', role: 'SUB_ROLE', dataPermission: 1 }, { token: tokenA });
    assert.equal(created.status, Status.OK, created.msg);
    const { token } = await server.login('rivermanager', 'Care#Home2026');
    const area = await server.call(api.insertArea, { name: 'Sub-account wing' }, { token });
    assert.equal(area.status, Status.OK, area.msg);
    assert.ok((await server.call(api.getAreaList, {}, { token: tokenA })).data.some((row) => row.name === 'Sub-account wing'));
    assert.equal((await server.call(api.deleteAreaById, { id: area.data.id }, { token })).status, Status.OK);
  });

  test('demotwoa\'s data is unchanged after all of it', async () => {
    const resident = await server.call(api.getUserMessageById, { id: a.residentId }, { token: tokenA });
    assert.equal(resident.data.name, 'Scope Secret Resident');
    assert.equal(resident.data.bunkId, a.bedId);
    assert.equal(resident.data.state, 'notAdmitted');
    assert.equal(resident.data.contacts.length, 1);
    assert.deepEqual(resident.data.caregivers.map((caregiver) => caregiver.id), [a.caregiverId]);
    const tree = await server.call(api.getAreaWithRoomList, {}, { token: tokenA });
    const area = tree.data.find((node) => node.id === a.areaId);
    assert.equal(area?.name, 'Scope A Secret');
    assert.deepEqual(area?.floors.map((floor) => floor.rooms.map((room) => [room.name, room.beds.map((bed) => [bed.name, bed.deviceCode])])), [[['S1', [['SB', null]]]]]);
    const carers = await server.call(api.queryNursingList, { keyWord: 'Scope', pageNum: 1, pageSize: 10 }, { token: tokenA });
    assert.equal(carers.data.rows[0].enabled, true);
    assert.equal((await server.call(api.enclosureGetByArea, { areaId: a.areaId }, { token: tokenA })).data[0].name, 'Garden');
    const report = await server.call(api.getDailyReport, { id: a.reportId }, { token: tokenA });
    assert.deepEqual([report.status, report.data.residentName], [Status.OK, 'Scope Secret Resident'], 'the report reads for its own provider');
    const list = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 1000 }, { token: tokenA });
    assert.ok(list.data.rows.some((row) => row.residentId === a.residentId));
  });

  test('imports from a foreign token land in its own provider, never onto demotwoa\'s beds', async () => {
    const file = workbookBytes([
      ['Name', 'Gender', 'Birth date', 'Height (cm)', 'Weight (kg)', 'Area', 'Floor', 'Room', 'Bed'],
      ['Intruder', 'male', '1950-01-01', 170, 70, 'Scope A Secret', '1F', 'S1', 'SB'],
    ], 'xlsx');
    const result = await upload(server, api.residentBatchAdd, 'residents.xlsx', file, tokenB);
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(JSON.stringify(result.data), /Room does not exist|The room does not exist/);
  });

  test('every care operation is walked by this suite', () => {
    const walked = new Set([...foreignCalls.map(([operation]) => operation.id),
      'area.getAreaWithRoomList', 'bunkManagement.bunkSummary', 'userBunk.getConfiguration', 'system.getAdminBunkList', 'userManagement.userSummary',
      'nursing.queryNursingList', 'community.queryCommunityList', 'community.insertCommunity', 'enclosure.config.get', 'enclosure.config.save',
      'bunk.excelModel', 'userManage.excelModel', 'nursing.excelModel', 'userManagement.exportData', 'nursing.exportData',
      'bunk.batchAddBunk', 'userManagement.batchAdd', 'nursing.batchAdd', 'bunk.insert',
      // Tenant scope of the PDF exports: reports/report-pdf.test.ts.
      'report.exportDailyPdf', 'report.exportMonthPdf',
      // A resident's personal-data archive (a file): personal-data/personal-data.test.ts.
      'userManagement.personalData']);
    const care = ALL_OPERATIONS.filter((operation) => CARE_TAGS.includes(operation.tag));
    assert.deepEqual(care.filter((operation) => !walked.has(operation.id)).map((operation) => operation.id), []);
  });

  test('own-provider-only reads: summaries and config of demotwob count only its own data', async () => {
    const summaryB = (await server.call(api.userSummary, {}, { token: tokenB })).data;
    const listB = (await server.call(api.userList, { pageNum: 1, pageSize: 1000 }, { token: tokenB })).data;
    assert.equal(summaryB.total, listB.total);
    const bedsB = (await server.call(api.bunkSummary, {}, { token: tokenB })).data;
    const configB = (await server.call(api.getUserBunkConfiguration, {}, { token: tokenB })).data;
    assert.equal(bedsB.total, configB.beds);
    assert.equal((await server.call(api.enclosureConfigSave, { enabled: true, alarmOnLeave: false, reportIntervalSeconds: 30 }, { token: tokenB })).status, Status.OK);
    assert.equal((await server.call(api.enclosureConfigGet, {}, { token: tokenA })).data.enabled, false);
    assert.equal((await server.call(api.enclosureConfigGet, {}, { token: tokenB })).data.enabled, true);
  });

  test('a class I user works in one child at a time: after switching it sees that child only', async () => {
    const one = await server.login('demoone');
    const domainOf = (name: string) => one.providerList.find((entry) => entry.providerName === name)?.domain ?? '';
    const switchTo = (name: string) => server.call(api.changeProvider, { domain: domainOf(name) }, { token: one.token });
    assert.equal((await switchTo('Sunrise Hillside Home')).status, Status.OK);
    assert.equal((await server.call(api.getUserMessageById, { id: a.residentId }, { token: one.token })).status, Status.NOT_FOUND);
    const hillside = await server.call(api.userList, { keyWord: 'Scope', pageNum: 1, pageSize: 10 }, { token: one.token });
    assert.equal(hillside.data.total, 0);
    assert.equal((await switchTo('Sunrise Riverside Home')).status, Status.OK);
    const riverside = await server.call(api.getUserMessageById, { id: a.residentId }, { token: one.token });
    assert.equal(riverside.data.name, 'Scope Secret Resident');
  });

  test('roles without care screens are refused', async () => {
    // The installer's session comes from its app (the console refuses installers).
    for (const [userName, from] of [['demogov', 'PC'], ['demomaintain', 'ANDROID'], ['demosenior', 'PC']]) {
      const { token } = (await server.call(api.login, { userName, passWord: DEMO_PASSWORD, from })).data;
      const result = await server.call(api.userList, { pageNum: 1, pageSize: 10 }, { token });
      assert.equal(result.status, Status.NO_PERMISSION, userName);
    }
  });
});
