import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_LAYOUT_SETTINGS, readLayoutSettings } from './layout-settings.ts';

function memoryStorage(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

describe('interface settings in local storage (spec 01 §3)', () => {
  it('start from the defaults: tab bar, fixed header and sidebar logo on, panel closed', () => {
    assert.deepEqual(readLayoutSettings(memoryStorage({})), DEFAULT_LAYOUT_SETTINGS);
  });

  it('read each stored key', () => {
    const stored = readLayoutSettings(memoryStorage({ showSettings: 'true', tagsView: 'false', fixedHeader: 'false', sidebarLogo: 'false' }));
    assert.deepEqual(stored, { showSettings: true, tagsView: false, fixedHeader: false, sidebarLogo: false });
  });

  it('ignore a value that is not true or false', () => {
    assert.equal(readLayoutSettings(memoryStorage({ tagsView: 'yes' })).tagsView, true);
  });
});
