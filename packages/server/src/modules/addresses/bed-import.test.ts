import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildPlace, download, problemsOf, sheetRows, upload, workbookBytes } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';


describe('bed Excel import and export', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  for (const bookType of ['xls', 'xlsx'] as const) {
    test(`a .${bookType} file builds missing areas, floors and rooms and adds the beds`, async () => {
      const area = `東棟 ${bookType}`;
      const file = workbookBytes([
        ['Area', 'Floor', 'Room', 'Bed', 'Device code'],
        [area, '1階', '101', 'A', 'BM-001'],
        [area, '1階', '101', 'B', ''],
        [area, '2階', '201', 'A', ''],
      ], bookType);
      const result = await upload(server, api.batchAddBunk, `beds.${bookType}`, file, token);
      assert.equal(result.status, Status.OK, JSON.stringify(result));
      assert.deepEqual(result.data, { imported: 3 });
      const tree = await server.call(api.getAreaWithRoomList, {}, { token });
      const node = tree.data.find((entry) => entry.name === area);
      assert.deepEqual(node?.floors.map((floor) => [floor.name, floor.rooms.map((room) => [room.name, room.beds.map((bed) => [bed.name, bed.deviceCode])])]), [
        ['1階', [['101', [['A', 'BM-001'], ['B', null]]]]],
        ['2階', [['201', [['A', null]]]]],
      ]);
    });
  }

  test('existing places are reused; a bed that exists or repeats is refused by row and column, and nothing is added', async () => {
    const place = await buildPlace(server, token, { area: 'Bed Import', rooms: '1', beds: 'A' });
    const before = (await server.call(api.bunkSummary, {}, { token })).data.total;
    const file = workbookBytes([
      ['Area', 'Floor', 'Room', 'Bed'],
      ['Bed Import', '1F', '1', 'B'],
      ['Bed Import', '1F', '1', 'A'],
      ['Bed Import', '1F', '1', 'b'],
      ['Bed Import', '', '1', 'C'],
      ['Bed Import', '1F', '1', 'D,E'],
    ], 'xlsx');
    const result = await upload(server, api.batchAddBunk, 'beds.xlsx', file, token);
    assert.equal(result.status, Status.BAD_REQUEST);
    const problems = problemsOf(result).map((problem) => [problem.row, problem.column, problem.message]);
    assert.deepEqual(problems, [
      [4, 'D', 'The same bed is also on row 2.'],
      [5, 'B', 'Floor is required.'],
      [6, 'D', 'Names must be 1~32 characters, without commas or control characters.'],
    ]);
    assert.equal((await server.call(api.bunkSummary, {}, { token })).data.total, before);

    const existing = await upload(server, api.batchAddBunk, 'beds.xlsx', workbookBytes([['Area', 'Floor', 'Room', 'Bed'], ['Bed Import', '1F', '1', 'B'], ['bed import', '1f', '1', 'a']], 'xls'), token);
    assert.deepEqual(problemsOf(existing).map((problem) => [problem.row, problem.column, problem.message]), [[3, 'D', 'This bed already exists.']]);
    assert.equal((await server.call(api.bunkSummary, {}, { token })).data.total, before);

    const ok = await upload(server, api.batchAddBunk, 'beds.xlsx', workbookBytes([['Area', 'Floor', 'Room', 'Bed'], ['bed import', '1f', '1', 'B']], 'xls'), token);
    assert.equal(ok.status, Status.OK);
    assert.equal((await server.call(api.getBunkListByRoomId, { roomId: place.roomIds[0] }, { token })).data.length, 2);
  });

  test('template and export download as named files', async () => {
    const template = await download(server, api.bunkExcelModel, {}, token, 'ja');
    assert.match(template.disposition, /filename="bed-template.xlsx"/);
    assert.deepEqual(sheetRows(template.bytes)[0], ['エリア', '階', '部屋', 'ベッド', 'デバイスコード']);
    const exported = await download(server, api.bunkExportData, {}, token);
    assert.match(exported.disposition, /filename="beds-\d{14}\.xlsx"/);
    const rows = sheetRows(exported.bytes);
    assert.deepEqual(rows[0], ['Area', 'Floor', 'Room', 'Bed', 'Device code', 'Name']);
    assert.ok(rows.some((row) => row[0] === 'Bed Import' && row[3] === 'B'));
    // An export is a valid import file: re-importing it is refused only because every bed exists.
    const again = await upload(server, api.batchAddBunk, 'export.xlsx', exported.bytes, token);
    assert.equal(again.status, Status.BAD_REQUEST);
    assert.ok(problemsOf(again).every((problem) => problem.message === 'This bed already exists.'));
  });
});
