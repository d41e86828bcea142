import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Location } from 'react-router';
import type { AccessContext } from '../routing/access.ts';
import { keepsAlive, withoutScreens, withScreenShown, type KeptScreen } from './kept-screens.ts';

function at(pathname: string, search = ''): Location {
  return { pathname, search, hash: '', state: null, key: `${pathname}${search}` };
}

function show(paths: readonly string[], limit?: number): readonly KeptScreen[] {
  return paths.reduce<readonly KeptScreen[]>((kept, path, index) => withScreenShown(kept, at(path), index + 1, limit), []);
}

const nurseAdmin: AccessContext = { role: 'TWO_ROLE', providerList: [{ available: true }], isAbroad: false };

describe('kept screens behind the tab bar', () => {
  it('keeps one screen per path, in the order first shown, at the address last shown', () => {
    let kept = show(['/people-manage/userManage', '/BunkManage/index']);
    kept = withScreenShown(kept, at('/people-manage/userManage', '?page=2'), 3);
    assert.deepEqual(kept.map((screen) => screen.path), ['/people-manage/userManage', '/BunkManage/index']);
    assert.equal(kept[0]?.location.search, '?page=2');
  });

  it('drops the screen shown longest ago when over the bound, not the first opened', () => {
    const kept = show(['/a', '/b', '/c', '/a', '/d'], 3);
    assert.deepEqual(kept.map((screen) => screen.path), ['/a', '/c', '/d']);
  });

  it('forgets the screens of closed or refreshed tabs, and keeps the list when none of them is kept', () => {
    const kept = show(['/a', '/b', '/c']);
    assert.deepEqual(withoutScreens(kept, ['/b', '/z']).map((screen) => screen.path), ['/a', '/c']);
    assert.equal(withoutScreens(kept, ['/z']), kept);
  });

  it('keeps the screens of leaf routes the user may open, not no-cache ones, parents or refused paths', () => {
    assert.equal(keepsAlive('/people-manage/userManage', nurseAdmin), true);
    assert.equal(keepsAlive('/alarm-log/alarmIndex', nurseAdmin), true);
    // No-cache (spec 01 §2): a resident's live page and the edit forms open fresh.
    assert.equal(keepsAlive('/realMonitor/resident', nurseAdmin), false);
    assert.equal(keepsAlive('/people-manage/addAndEdit/addAndEditUser', nurseAdmin), false);
    assert.equal(keepsAlive('/nurse-manage/addAndEdit/addAndEditNurse', nurseAdmin), false);
    assert.equal(keepsAlive('/BunkManage/settingAlarm/alarmSetting/7', nurseAdmin), false);
    assert.equal(keepsAlive('/people-manage', nurseAdmin), false);
    assert.equal(keepsAlive('/redirect/people-manage/userManage', nurseAdmin), false);
    assert.equal(keepsAlive('/permission/providermanager', nurseAdmin), false);
    assert.equal(keepsAlive('/deviceManage/ed719Device', nurseAdmin), false);
  });
});
