import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IMPORT_MAX_BYTES } from '@vigil/contracts';
import { readImportRejection, spreadsheetFileProblem } from '../care-shared/importProblems.ts';
import { stateActions } from './residentStates.ts';
import { lastPage, readStoredPage, RESIDENT_PAGE_KEY, writeStoredPage } from './storedPage.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('remembered resident page (selectedUserPage)', () => {
  it('starts at page 1 and comes back to the page last shown', () => {
    const storage = memoryStorage();
    assert.equal(RESIDENT_PAGE_KEY, 'selectedUserPage');
    assert.equal(readStoredPage(RESIDENT_PAGE_KEY, storage), 1);
    writeStoredPage(RESIDENT_PAGE_KEY, 4, storage);
    assert.equal(readStoredPage(RESIDENT_PAGE_KEY, storage), 4);
  });

  it('ignores a stored value that is not a page', () => {
    const storage = memoryStorage();
    for (const bad of ['0', '-2', '2.5', 'abc']) {
      storage.setItem(RESIDENT_PAGE_KEY, bad);
      assert.equal(readStoredPage(RESIDENT_PAGE_KEY, storage), 1, bad);
    }
  });

  it('knows the last page with rows', () => {
    assert.equal(lastPage(0, 10), 1);
    assert.equal(lastPage(31, 10), 4);
  });
});

describe('resident state actions', () => {
  it('checks out only an admitted resident and checks in anyone else', () => {
    assert.deepEqual(stateActions('admitted'), { checkIn: false, checkOut: true, deregister: true });
    assert.deepEqual(stateActions('checkedOut'), { checkIn: true, checkOut: false, deregister: true });
    assert.deepEqual(stateActions('deregistered'), { checkIn: true, checkOut: false, deregister: false });
    assert.deepEqual(stateActions('notAdmitted'), { checkIn: true, checkOut: false, deregister: true });
  });
});

describe('spreadsheet import', () => {
  it('accepts .xls and .xlsx up to the limit only', () => {
    assert.equal(spreadsheetFileProblem({ name: 'residents.xlsx', size: 1000 }), null);
    assert.equal(spreadsheetFileProblem({ name: 'OLD.XLS', size: 1000 }), null);
    assert.equal(spreadsheetFileProblem({ name: 'residents.csv', size: 1000 }), 'format');
    assert.equal(spreadsheetFileProblem({ name: 'residents.xlsx', size: IMPORT_MAX_BYTES + 1 }), 'tooLarge');
  });

  it('reads the row and column of each problem of a rejected file', async () => {
    const rejection = await readImportRejection({
      problems: [{ row: 3, column: 'C', field: 'gender', message: 'Gender must be male or female.' }],
      total: 250,
    });
    assert.equal(rejection?.total, 250);
    assert.deepEqual(rejection?.problems[0], { row: 3, column: 'C', field: 'gender', message: 'Gender must be male or female.' });
  });

  it('does not mistake other failures for a problem report', async () => {
    assert.equal(await readImportRejection(null), null);
    assert.equal(await readImportRejection({ problems: [] }), null);
    assert.equal(await readImportRejection({ problems: [{ row: 'x' }] }), null);
  });
});
