import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE_ROUTES, type ConsoleRoute } from '@vigil/contracts';
import enUS from '../../i18n/locales/en-us.json' with { type: 'json' };
import { canOpen, firstOpenChild, isRefusedRole, menuEntries, titleKeysOf, type AccessContext } from './access.ts';

const withProvider = [{ available: true }];
const context = (role: AccessContext['role'], providerList = withProvider, isAbroad = true): AccessContext => ({ role, providerList, isAbroad });
const route = (path: string): ConsoleRoute => {
  const found = CONSOLE_ROUTES.find((item) => item.path === path);
  assert.ok(found, `no route ${path}`);
  return found;
};
const menuPaths = (access: AccessContext) => menuEntries(access).flatMap((entry) => [entry.path, ...(entry.children ?? []).map((child) => child.path)]);

test('every route title has an English string', () => {
  const missing: string[] = [];
  const walk = (routes: readonly ConsoleRoute[]) => {
    for (const item of routes) {
      if (!Object.prototype.hasOwnProperty.call(enUS, item.titleKey)) missing.push(item.titleKey);
      if (item.children) walk(item.children);
    }
  };
  walk(CONSOLE_ROUTES);
  assert.deepEqual(missing, []);
});

test('a class II provider may open account management but not provider management', () => {
  assert.equal(canOpen('/permission/accountmanager', context('TWO_ROLE')), true);
  assert.equal(canOpen('/permission/providermanager', context('TWO_ROLE')), false);
  // The audit trail: administrators of the platform and of care providers only (docs/audit.md).
  assert.equal(canOpen('/permission/auditTrail', context('TWO_ROLE')), true);
  assert.equal(canOpen('/permission/auditTrail', context('GOVERNMENT')), false);
});

test('care screens need an available provider for a class I provider only', () => {
  assert.equal(canOpen('/realMonitor/index', context('ONE_ROLE', [])), false);
  assert.equal(canOpen('/realMonitor/index', context('ONE_ROLE', [{ available: false }])), false);
  assert.equal(canOpen('/realMonitor/index', context('ONE_ROLE')), true);
  assert.equal(canOpen('/realMonitor/index', context('TWO_ROLE', [])), true);
  assert.equal(canOpen('/settings/platSet', context('ONE_ROLE', [])), true);
});

test('original data is for the vendor administrators; the overseas device screens need the overseas edition', () => {
  assert.equal(canOpen('/deviceManage/historyData', context('SENIOR_ROLE')), true);
  assert.equal(canOpen('/deviceManage/historyData', context('BUSINESS_ROLE')), false);
  assert.equal(canOpen('/deviceManage/historyData', context('TWO_ROLE')), false);
  assert.equal(canOpen('/deviceManage/deviceManage', context('BUSINESS_ROLE')), true);
  assert.equal(canOpen('/deviceManage/ed719Device', { ...context('TWO_ROLE'), isAbroad: false }), false);
  assert.equal(canOpen('/deviceManage/ed719Device', { ...context('TWO_ROLE'), isAbroad: true }), true);
});

test('device management is titled "sleep monitors" in the overseas edition only', () => {
  assert.deepEqual(titleKeysOf('/deviceManage/deviceManage', true), ['route.deviceManage', 'route.sleepMonitor']);
  assert.deepEqual(titleKeysOf('/deviceManage/deviceManage', false), ['route.deviceManage', 'route.deviceList']);
});

test('government opens statistics only; unknown paths open for nobody', () => {
  assert.equal(canOpen('/statistics', context('GOVERNMENT')), true);
  assert.equal(canOpen('/permission/accountmanager', context('GOVERNMENT')), false);
  assert.equal(canOpen('/nowhere', context('SENIOR_ROLE')), false);
});

test('a parent opens its first visible child the role may open', () => {
  assert.equal(firstOpenChild(route('/permission'), context('TWO_ROLE')), '/permission/accountmanager');
  assert.equal(firstOpenChild(route('/realMonitor'), context('ONE_ROLE')), '/realMonitor/index');
  assert.equal(firstOpenChild(route('/realMonitor'), context('ONE_ROLE', [])), null);
});

test('the menu lists only built, visible routes the role may open', () => {
  assert.deepEqual(menuPaths(context('ONE_ROLE')), [
    '/realMonitor',
    '/realMonitor/index',
    '/realMonitor/residentList',
    '/alarm-log',
    '/alarm-log/alarmIndex',
    '/alarm-log/remindsetting',
    '/alarm-log/escalation',
    '/alarm-log/responseTimes',
    '/alarm-log/handover',
    '/alarm-log/integrations',
    '/sleep-report',
    '/sleep-report/reportList',
    '/people-manage',
    '/people-manage/userManage',
    '/BunkManage',
    '/BunkManage/index',
    '/nurse-manage',
    '/nurse-manage/nurseManage',
    '/deviceManage',
    '/deviceManage/deviceManage',
    '/deviceManage/ed719Device',
    '/deviceManage/safeDeviceManage',
    '/deviceManage/hostDevice',
    '/permission',
    '/permission/accountmanager',
    '/permission/providermanager',
    '/permission/auditTrail',
    '/settings',
    '/settings/platSet',
    '/settings/statisticsMult',
    '/statistics',
  ]);
  assert.deepEqual(menuPaths(context('SENIOR_ROLE')), [
    '/deviceManage',
    '/deviceManage/deviceManage',
    '/deviceManage/historyData',
    '/deviceManage/hardSoftUpload',
    '/appReleaseManage',
    '/appReleaseManage/appVersionDeployment',
    '/appReleaseManage/versionDeployment',
    '/permission',
    '/permission/accountmanager',
    '/permission/providermanager',
    '/permission/auditTrail',
  ]);
  assert.deepEqual(menuPaths(context('GOVERNMENT')), ['/statistics']);
});

test('a route with a :param matches one concrete segment (resident alarm settings, spec 02 §2)', () => {
  assert.equal(canOpen('/BunkManage/settingAlarm/alarmSetting/12', context('ONE_ROLE')), true);
  assert.equal(canOpen('/BunkManage/settingAlarm/alarmSetting/12', context('TWO_ROLE')), true);
  assert.equal(canOpen('/BunkManage/settingAlarm/alarmSetting/12', context('GOVERNMENT')), false);
  assert.equal(canOpen('/BunkManage/settingAlarm/alarmSetting/', context('ONE_ROLE')), false);
  assert.equal(canOpen('/BunkManage/settingAlarm/alarmSetting/12/more', context('ONE_ROLE')), false);
});

test('the console refuses installer and caregiver accounts', () => {
  assert.equal(isRefusedRole('MAINTAIN'), true);
  assert.equal(isRefusedRole('NURSING'), true);
  assert.equal(isRefusedRole('ONE_ROLE'), false);
});
