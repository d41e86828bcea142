import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { download, problemsOf, sheetRows, upload, workbookBytes } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';


describe('caregiver Excel import and export', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  const count = async () => (await server.call(api.queryNursingList, { pageNum: 1, pageSize: 1 }, { token })).data.total;

  test('good rows (.xls, CJK, localized grades) create app accounts whose passwords are answered once', async () => {
    const file = workbookBytes([
      ['Name', 'Mobile phone', 'Grade', 'Job'],
      ['김민지', '+821012345678', '고급', '요양보호사'],
      ['Lukas Novák', '+420601234567', 'general', ''],
    ], 'xls');
    const result = await upload(server, api.nursingBatchAdd, 'carers.xls', file, token);
    assert.equal(result.status, Status.OK, JSON.stringify(result));
    const data = result.data as { imported: number; accounts: { userName: string; password: string }[] };
    assert.equal(data.imported, 2);
    assert.deepEqual(data.accounts.map((account) => account.userName), ['821012345678', '420601234567']);
    const login = await server.call(api.login, { userName: data.accounts[0].userName, passWord: data.accounts[0].password, from: 'APP' });
    assert.equal(login.status, Status.OK);
    const row = (await server.call(api.queryNursingList, { keyWord: '김민지', pageNum: 1, pageSize: 1 }, { token })).data.rows[0];
    assert.deepEqual([row.grade, row.job], ['senior', '요양보호사']);
  });

  test('bad rows are named by row and column and nothing is created', async () => {
    const before = await count();
    const file = workbookBytes([
      ['Name', 'Mobile phone', 'Grade', 'Login account'],
      ['Ok Person', '+15550100001', 'senior', ''],
      ['No Phone', '', 'general', ''],
      ['Bad Grade', '+15550100002', 'boss', ''],
      ['Same Login', '+15550100001', '', ''],
      ['Taken Login', '+15550100003', '', '821012345678'],
    ], 'xlsx');
    const result = await upload(server, api.nursingBatchAdd, 'carers.xlsx', file, token);
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.deepEqual(problemsOf(result).map((problem) => [problem.row, problem.column, problem.message]), [
      [3, 'B', 'Mobile phone is required.'],
      [4, 'C', 'Grade must be general or senior.'],
      [5, 'B', 'The same login account is also on row 2.'],
    ]);
    const taken = await upload(server, api.nursingBatchAdd, 'carers.xlsx', workbookBytes([['Name', 'Mobile phone', 'Login account'], ['Taken Login', '+15550100003', '821012345678']], 'xlsx'), token);
    assert.deepEqual(problemsOf(taken).map((problem) => [problem.row, problem.column, problem.message]), [[2, 'C', 'The login account already exists.']]);
    assert.equal(await count(), before);
  });

  test('a phone and an ID number typed as numbers keep every digit; the template keeps them as text', async () => {
    const file = workbookBytes([['Name', 'Mobile phone', 'ID number'], ['Numeric Nurse', 8613912345678, 110101199003071000]], 'xls');
    const result = await upload(server, api.nursingBatchAdd, 'numbers.xls', file, token);
    assert.equal(result.status, Status.OK, JSON.stringify(result));
    const row = (await server.call(api.queryNursingList, { keyWord: 'Numeric Nurse', pageNum: 1, pageSize: 1 }, { token })).data.rows[0];
    assert.deepEqual([row.phone, row.idNumber, row.userName], ['8613912345678', '110101199003071000', '8613912345678']);

    const template = await download(server, api.nursingExcelModel, {}, token);
    const book = XLSX.read(template.bytes, { type: 'buffer', cellNF: true, sheetStubs: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    for (const column of ['B', 'E', 'G']) assert.equal(sheet[`${column}3`]?.z, '@', `column ${column} is text`);
    assert.equal(sheet.B2?.v, '+639171234567');
  });

  test('template and export download as named files', async () => {
    const template = await download(server, api.nursingExcelModel, {}, token, 'ko');
    assert.match(template.disposition, /filename="caregiver-template.xlsx"/);
    assert.equal(sheetRows(template.bytes)[0][1], '휴대폰 번호');
    const exported = await download(server, api.nursingExportData, {}, token);
    assert.match(exported.disposition, /filename="caregivers-\d{14}\.xlsx"/);
    assert.ok(sheetRows(exported.bytes).some((row) => row[0] === '김민지' && row[2] === 'Senior'));
  });
});
