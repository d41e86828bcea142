import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { IMPORT_MAX_BYTES, Status } from '@vigil/contracts';
import { buildPlace, download, problemsOf, sheetRows, upload, workbookBytes } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const HEADERS = ['Name', 'Gender', 'Birth date', 'Height (cm)', 'Weight (kg)', 'Area', 'Floor', 'Room', 'Bed', 'Emergency contact', 'Contact phone', 'Contact relation'];


/** A zip holding one entry that inflates far past the import budget: a few KB on the wire. */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/workbook.xml');
  const data = zlib.deflateRawSync(Buffer.alloc(80 * 1024 * 1024), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(80 * 1024 * 1024, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(80 * 1024 * 1024, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('resident Excel import and export', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
    await buildPlace(server, token, { area: '松鹤楼', floor: '一层', rooms: '101,102', beds: '1,2' });
    await buildPlace(server, token, { area: 'Import Hall', floor: '2F', rooms: '201', beds: 'A,B,C' });
  });
  after(() => server.close());

  const total = async () => (await server.call(api.userSummary, {}, { token })).data.total;

  for (const bookType of ['xlsx', 'xls'] as const) {
    test(`a good .${bookType} file imports every row: CJK text, both date formats and Excel dates`, async () => {
      const room = bookType === 'xlsx' ? '101' : '102';
      const file = workbookBytes([
        HEADERS,
        ['王秀英', '女', '1936/11/02', 152, 48, '松鹤楼', '一层', room, '1', '王伟', '+8613912345678', '子女'],
        ['Arthur Dent', 'Male', '1940-03-08', '180', '77', '松鹤楼', '一层', room, '2', '', '', ''],
      ], bookType);
      const before = await total();
      const result = await upload(server, api.residentBatchAdd, `residents.${bookType}`, file, token);
      assert.equal(result.status, Status.OK, JSON.stringify(result));
      assert.deepEqual(result.data, { imported: 2 });
      assert.equal(await total(), before + 2);
      const found = await server.call(api.userList, { keyWord: '王秀英', pageNum: 1, pageSize: 10 }, { token });
      const wang = found.data.rows.find((row) => row.roomName === room);
      assert.equal(wang?.gender, 'female');
      assert.equal(wang?.birthDate, '1936-11-02');
      assert.equal(wang?.state, 'admitted');
      assert.equal(wang?.bunkName, '1');
      assert.deepEqual(wang?.contacts.map((contact) => [contact.name, contact.phone, contact.relation]), [['王伟', '+8613912345678', 'children']]);
    });
  }

  test('dates stored as Excel dates are read as calendar days; weight keeps its decimal', async () => {
    const file = workbookBytes([HEADERS.slice(0, 9), ['Date Cell', 'female', new Date(Date.UTC(1939, 6, 14)), 160, 55.5, 'Import Hall', '2F', '201', 'C']], 'xlsx');
    const result = await upload(server, api.residentBatchAdd, 'dates.xlsx', file, token);
    assert.equal(result.status, Status.OK, JSON.stringify(result));
    const found = await server.call(api.userList, { keyWord: 'Date Cell', pageNum: 1, pageSize: 1 }, { token });
    assert.equal(found.data.rows[0].birthDate, '1939-07-14');
    const detail = await server.call(api.getUserMessageById, { id: found.data.rows[0].id }, { token });
    assert.equal(detail.data.weight, 55.5);
  });

  test('a contact phone typed as a number keeps every digit (no exponent, no ".0")', async () => {
    await buildPlace(server, token, { area: 'Phone Hall', floor: '1F', rooms: '1', beds: '1' });
    const file = workbookBytes([[...HEADERS.slice(0, 9), 'Emergency contact', 'Contact phone'], ['Number Phone', 'male', '1940-01-01', 170, 70, 'Phone Hall', '1F', '1', '1', 'Kid', 447700900123456]], 'xlsx');
    const result = await upload(server, api.residentBatchAdd, 'phones.xlsx', file, token);
    assert.equal(result.status, Status.OK, JSON.stringify(result));
    const found = await server.call(api.userList, { keyWord: 'Number Phone', pageNum: 1, pageSize: 1 }, { token });
    assert.equal(found.data.rows[0].contacts[0].phone, '447700900123456');
  });

  test('the template formats the contact phone column as text, so "+" and leading zeros survive a spreadsheet', async () => {
    const file = await download(server, api.residentExcelModel, {}, token);
    const book = XLSX.read(file.bytes, { type: 'buffer', cellNF: true, sheetStubs: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const phoneColumn = sheetRows(file.bytes)[0].indexOf('Contact phone');
    const sample = sheet[XLSX.utils.encode_cell({ r: 1, c: phoneColumn })];
    assert.equal(sample?.t, 's');
    assert.equal(sample?.v, '+447700900123');
    for (const row of [1, 2, 5000]) assert.equal(sheet[XLSX.utils.encode_cell({ r: row, c: phoneColumn })]?.z, '@', `row ${row + 1} is text`);
    assert.notEqual(sheet[XLSX.utils.encode_cell({ r: 2, c: 0 })]?.z, '@', 'other columns keep their format');
  });

  test('a file with bad rows names each row and column, and imports nothing', async () => {
    const file = workbookBytes([
      HEADERS,
      ['Good Row', 'female', '1940-01-01', 160, 50, 'Import Hall', '2F', '201', 'A', '', '', ''],
      ['', 'female', '1940-01-01', 160, 50, 'Import Hall', '2F', '201', 'B', '', '', ''],
      ['Bad Gender', 'x', '01.01.1940', 'tall', 999, 'Import Hall', '2F', '201', 'B', 'Kid', 'abc', 'cousin'],
      ['Twin Bed', 'male', '1940/02/30', 170, 70, 'Import Hall', '2F', '201', 'A', '', '', ''],
      ['No Room', 'male', '1940-02-01', 170, 70, 'Import Hall', '2F', '999', 'A', '', '', ''],
      ['No Bed', 'male', '1940-02-01', 170, 70, 'Import Hall', '2F', '201', 'Z', '', '', ''],
    ], 'xlsx');
    const before = await total();
    const result = await upload(server, api.residentBatchAdd, 'bad.xlsx', file, token);
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /Import failed: \d+ problems/);
    const problems = problemsOf(result);
    const at = (row: number, column: string) => problems.find((problem) => problem.row === row && problem.column === column)?.message ?? '';
    assert.match(at(3, 'A'), /Name is required/);
    assert.match(at(4, 'B'), /Gender must be male or female/);
    assert.match(at(4, 'C'), /YYYY\/MM\/DD or YYYY-MM-DD/);
    assert.match(at(4, 'D'), /Height must be/);
    assert.match(at(4, 'E'), /Weight must be/);
    assert.match(at(4, 'K'), /valid mobile number/);
    assert.match(at(4, 'L'), /Relation must be/);
    assert.match(at(5, 'C'), /real date/);
    assert.match(at(5, 'I'), /same bed is also on row 2/);
    assert.equal(await total(), before, 'nothing imported');

    const placeOnly = workbookBytes([HEADERS.slice(0, 9), ['No Room', 'male', '1940-02-01', 170, 70, 'Import Hall', '2F', '999', 'A'], ['No Bed', 'male', '1940-02-01', 170, 70, 'Import Hall', '2F', '201', 'Z']], 'xls');
    const places = await upload(server, api.residentBatchAdd, 'places.xls', placeOnly, token);
    const placeProblems = problemsOf(places);
    assert.deepEqual(placeProblems.map((problem) => [problem.row, problem.column, problem.message]), [
      [2, 'H', 'The room does not exist.'],
      [3, 'I', 'The bed does not exist.'],
    ]);
  });

  test('an occupied bed is refused with the resident it belongs to', async () => {
    const file = workbookBytes([HEADERS.slice(0, 9), ['Late Comer', 'male', '1940-02-01', 170, 70, '松鹤楼', '一层', '101', '1']], 'xlsx');
    const result = await upload(server, api.residentBatchAdd, 'taken.xlsx', file, token);
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(problemsOf(result)[0].message, /already linked to 王秀英/);
  });

  test('missing columns are named; problems follow Accept-Language', async () => {
    const file = workbookBytes([['Name', 'Gender', 'Area'], ['A', 'male', 'X']], 'xlsx');
    const result = await upload(server, api.residentBatchAdd, 'cols.xlsx', file, token);
    assert.equal(result.status, Status.BAD_REQUEST);
    const messages = problemsOf(result).map((problem) => problem.message);
    assert.ok(messages.includes('Column "Birth date" is missing. Download the template.'));
    assert.ok(messages.includes('Column "Bed" is missing. Download the template.'));
    const zh = await upload(server, api.residentBatchAdd, 'cols.xlsx', file, token, 'zh-cn');
    assert.match(zh.msg, /导入失败/);
    assert.ok(problemsOf(zh).some((problem) => problem.message === '缺少“出生日期”列，请下载模板。'));
  });

  test('headers in another language are understood (a Chinese template imports on an English console)', async () => {
    const file = workbookBytes([
      ['姓名', '性别', '出生日期', '身高（厘米）', '体重（公斤）', '区域', '楼层', '房间', '床位'],
      ['李娜', '女', '1945-05-05', 158, 50, 'Import Hall', '2F', '201', 'B'],
    ], 'xls');
    const result = await upload(server, api.residentBatchAdd, 'zh.xls', file, token);
    assert.equal(result.status, Status.OK, JSON.stringify(result));
  });

  test('only real .xls and .xlsx content is accepted, whatever the file is called', async () => {
    const csv = await upload(server, api.residentBatchAdd, 'residents.xlsx', Buffer.from('Name,Gender\nA,male\n'), token);
    assert.equal(csv.status, Status.BAD_REQUEST);
    assert.match(csv.msg, /Wrong file format/);
    const zipWithoutWorkbook = zlib.deflateRawSync(Buffer.from('x'));
    assert.equal((await upload(server, api.residentBatchAdd, 'x.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), zipWithoutWorkbook]), token)).status, Status.BAD_REQUEST);
    const bomb = await upload(server, api.residentBatchAdd, 'bomb.xlsx', zipBomb(), token);
    assert.equal(bomb.status, Status.BAD_REQUEST);
    assert.match(bomb.msg, /Wrong file format|File too large/);
    const truncated = workbookBytes([HEADERS, ['A']], 'xls').subarray(0, 600);
    const broken = await upload(server, api.residentBatchAdd, 'broken.xls', truncated, token);
    assert.equal(broken.status, Status.BAD_REQUEST);
  });

  test('a file over the size limit is refused as too large', async () => {
    const big = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(IMPORT_MAX_BYTES)]);
    const result = await upload(server, api.residentBatchAdd, 'big.xls', big, token);
    assert.equal(result.status, Status.TOO_LARGE);
    assert.match(result.msg, /File too large/);
  });

  test('an empty first sheet and a missing file are refused', async () => {
    const headerOnly = await upload(server, api.residentBatchAdd, 'empty.xlsx', workbookBytes([HEADERS], 'xlsx'), token);
    assert.equal(headerOnly.status, Status.BAD_REQUEST);
    assert.match(headerOnly.msg, /no data rows/);
    const none = await server.call(api.residentBatchAdd, {}, { token });
    assert.equal(none.status, Status.BAD_REQUEST);
    assert.match(none.msg, /choose a file/);
  });

  test('the template downloads as a named .xlsx with headers in the caller\'s language', async () => {
    const file = await download(server, api.residentExcelModel, {}, token, 'de');
    assert.equal(file.status, 200);
    assert.match(file.contentType, /spreadsheetml/);
    assert.match(file.disposition, /attachment; filename="resident-template.xlsx"/);
    const rows = sheetRows(file.bytes);
    assert.deepEqual(rows[0].slice(0, 3), ['Name', 'Geschlecht', 'Geburtsdatum']);
    // The template's own sample row is a valid import once its bed exists.
    assert.equal(rows.length, 2);
  });

  test('export downloads the residents matching the filters', async () => {
    const file = await download(server, api.residentExportData, { keyWord: '王秀英' }, token);
    assert.match(file.disposition, /filename="residents-\d{14}\.xlsx"/);
    const rows = sheetRows(file.bytes);
    assert.ok(rows.slice(1).every((row) => row[0] === '王秀英'));
    const imported = rows.filter((row) => row[5] === '松鹤楼');
    assert.deepEqual(imported.map((row) => [row[1], row[2], row[7], row[8], row[9]]).sort(), [
      ['Female', '1936-11-02', '101', '1', '王伟'],
      ['Female', '1936-11-02', '102', '1', '王伟'],
    ]);
  });
});
