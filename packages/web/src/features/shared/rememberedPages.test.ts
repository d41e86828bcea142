import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forgetRememberedPages, readRememberedPage, REMEMBERED_PAGE_KEYS, writeRememberedPage } from './rememberedPages.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return { entries, getItem: (key) => entries.get(key) ?? null, setItem: (key, value) => void entries.set(key, value), removeItem: (key) => void entries.delete(key) };
}

describe('remembered list pages (spec 01 §3)', () => {
  it('uses the spec\'s four keys', () => {
    assert.deepEqual(Object.values(REMEMBERED_PAGE_KEYS).sort(), ['selectedReportListPage', 'selectedReportPage', 'selectedUserInfo', 'selectedUserPage']);
  });

  it('defaults to page 1 and reads back what was written, per list', () => {
    const storage = memoryStorage();
    assert.equal(readRememberedPage('reportList', storage), 1);
    writeRememberedPage('reportList', 4, storage);
    writeRememberedPage('householdList', 2, storage);
    assert.equal(readRememberedPage('reportList', storage), 4);
    assert.equal(readRememberedPage('householdList', storage), 2);
    assert.equal(storage.entries.get('selectedReportListPage'), '4');
  });

  it('treats a damaged value as page 1 and never stores one', () => {
    const storage = memoryStorage();
    storage.setItem('selectedReportPage', '-3');
    assert.equal(readRememberedPage('dailyReports', storage), 1);
    writeRememberedPage('dailyReports', 2.5, storage);
    assert.equal(storage.entries.get('selectedReportPage'), '1');
  });

  it('forgets them all', () => {
    const storage = memoryStorage();
    writeRememberedPage('residentList', 3, storage);
    forgetRememberedPages(storage);
    assert.equal(storage.entries.size, 0);
  });
});
