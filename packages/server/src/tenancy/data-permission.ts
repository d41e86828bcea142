import type { Operation } from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { AppError } from '../http/errors.ts';
import type { OperationRegistrar } from '../http/register.ts';
import type { Scope } from './scope.ts';

/** A sub-account's data permission (spec 01 §6): 1 reads and manages its provider's data, 2 only reads it. */
export const MANAGE_PERMISSION = 1;
export const READ_ONLY_PERMISSION = 2;

/**
 * Care operations that only read. Everything else changes data and is refused to a
 * read-only sub-account, so a new operation is a write until someone lists it here.
 * A function decides from the parsed input when one operation both reads and writes.
 */
export const CARE_READ_OPERATIONS: Readonly<Record<string, true | ((input: unknown) => boolean)>> = {
  'area.getAreaList': true,
  'area.getAreaWithRoomList': true,
  'area.getRoomListByAreaId': true,
  'room.getRoomList': true,
  'bunkManagement.bunkSummary': true,
  'bunkManagement.bunkList': true,
  'bunkManagement.getRoomList': true,
  'bunkManagement.getBunksByRoomName': true,
  'bunk.getBunkListByRoomId': true,
  'userBunk.getUserBunkList': true,
  'userBunk.getConfiguration': true,
  'system.getAdminBunkList': true,
  'bunk.excelModel': true,
  'bunk.exportData': true,
  'userManagement.userList': true,
  'userManagement.userSummary': true,
  getUserMessageById: true,
  'userManage.excelModel': true,
  'userManagement.exportData': true,
  // A resident's data archive only reads (docs/audit.md "Personal data").
  'userManagement.personalData': true,
  // Without an action it reads the check-in state; with one it changes it.
  'user.getUserCheckIn': (input) => typeof input === 'object' && input !== null && !('action' in input && input.action),
  'nursing.queryNursingList': true,
  'nursing.getNursing': true,
  'nursing.excelModel': true,
  'nursing.exportData': true,
  'community.queryCommunityList': true,
  'enclosure.getByArea': true,
  'enclosure.config.get': true,
  'he.getDeviceList': true,
  'he.subDevicePairStatus': true,
  'he.excelHostdModel': true,
  'he.excelSubModel': true,
  'deviceEvents.recent': true,
  'fallRadar.list': true,
  'fallRadar.settings.get': true,
  'enclosure.currentSite': true,
  'device.getDeviceList': true,
  'device.getDeviceSummary': true,
  'device.getDevice': true,
  'device.deviceTypes': true,
  'device.decodeCipher': true,
  'device.excelModel': true,
  'device.exportData': true,
  'report.getDailyReportPageList': true,
  'report.getDailyReport': true,
  'report.getDailyReportData': true,
  'report.getTimePeriod': true,
  'report.getMonthReport': true,
  'report.getMonthReportTimes': true,
  'sleepReport.userList': true,
  'alarmLog.list': true,
  'alarmLog.unDeal': true,
  'alarmLog.exportAlarmLog': true,
  'monitor.alertFlag': true,
  'system.queryAlertLevel': true,
  'system.queryAlertLevel.post': true,
  'alarmSetting.get': true,
  'monitor.userList': true,
  'monitor.focusUsers': true,
  // The focus list is the account's own view of the board, not the provider's data.
  'monitor.addFocusUser': true,
  'monitor.deleteFocusUser': true,
  'analytics.responseTimes': true,
  'analytics.settings': true,
  'analytics.handover': true,
  'analytics.handoverPdf': true,
  // Escalation chains (issue 28): the chain and an alarm's "who was told" are read; saving a chain is a change.
  'escalation.get': true,
  'alarm.notifications': true,
};

/** True when the operation, with this input, only reads. */
export function isReadOnlyCall(operation: Operation, input: unknown): boolean {
  const read = CARE_READ_OPERATIONS[operation.id];
  return read === true || (typeof read === 'function' && read(input));
}

/** Refuses (403, localized) a call that would change data from a read-only sub-account. */
export function assertMayCall(scope: Scope, operation: Operation, input: unknown): void {
  if (scope.readOnly && !isReadOnlyCall(operation, input)) throw new AppError(Status.NO_PERMISSION, 'common.readOnly');
}

/** The registrar care modules register on: every secured call passes the data-permission check first. */
export function withDataPermission(routes: OperationRegistrar): OperationRegistrar {
  return {
    open: routes.open,
    openWithSession: routes.openWithSession,
    secured: (operation, handler) =>
      routes.secured(operation, (input, context, request) => {
        assertMayCall(context.session.scope, operation, input);
        return handler(input, context, request);
      }),
  };
}
