import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import { spreadsheetFile } from '../spreadsheets/workbook.ts';
import type { AlarmSettings } from './alarm-settings.ts';
import type { AlarmService } from './alarm.service.ts';
import type { MonitorService } from '../monitor/monitor.service.ts';

/** Alarm log, handling, levels, resident alarm settings and the monitoring board. */
export function alarmRoutes(routes: OperationRegistrar, alarms: AlarmService, settings: AlarmSettings, monitor: MonitorService, timeZone: () => Promise<string>): void {
  routes.secured(api.alarmLogList, async (input, { session, language }) => alarms.list(session, input, language));
  routes.secured(api.alarmLogUnDeal, async (input, { session, language }) => alarms.pending(session, input, language));
  routes.secured(api.alarmLogExport, async (input, { session, language }) => {
    const file = await alarms.export(session, input, language, await timeZone());
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.alarmDealStatus, async (input, { session, language }) => alarms.deal(session, input, language));
  routes.secured(api.alarmDealMany, async (input, { session, language }) => alarms.dealMany(session, input, language));
  routes.secured(api.alarmRelieveAlert, async (input, { session, language }) => alarms.relieve(session, input, language));
  routes.secured(api.monitorAlertFlag, async (_input, { session }) => alarms.alertFlag(session));

  routes.secured(api.queryAlertLevel, async (_input, { session }) => settings.queryLevels(session));
  routes.secured(api.queryAlertLevelPost, async (_input, { session }) => settings.queryLevels(session));
  routes.secured(api.saveAlertLevel, async (input, { session }) => settings.saveLevels(session, input));
  routes.secured(api.getResidentAlarmSetting, async (input, { session }) => settings.getResident(session, input.userId));
  routes.secured(api.saveResidentAlarmSetting, async (input, { session }) => settings.saveResident(session, input));

  routes.secured(api.monitorUserList, async (input, { session }) => monitor.userList(session, input));
  routes.secured(api.monitorFocusUsers, async (_input, { session }) => monitor.focusUsers(session));
  routes.secured(api.monitorAddFocusUser, async (input, { session }) => monitor.addFocus(session, input.userIds));
  routes.secured(api.monitorRecentSamples, async (input, { session }) => monitor.recentSamples(session, input.userId));
  routes.secured(api.monitorDeleteFocusUser, async (input, { session }) => monitor.deleteFocus(session, input.userId));
  routes.secured(api.appCaredResidents, async (_input, { session }) => monitor.caredResidents(session));
}
