import * as api from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import { spreadsheetFile } from '../spreadsheets/workbook.ts';
import { statisticsWorkbook } from './statistics-export.ts';
import type { GovernmentAssignments } from './government-assignments.ts';
import type { StatisticsService } from './statistics.service.ts';

/** The big-data calls (/bigData/*, spec 02 §7), the export, government assignments and the operator refresh. */
export function statisticsRoutes(routes: OperationRegistrar, statistics: StatisticsService, government: GovernmentAssignments, refresh: () => Promise<number>, now: () => number): void {
  routes.secured(api.getProviderOption, async (_input, { session }) => statistics.providerOptions(session));
  routes.secured(api.getUserBunkData, async (input, { session }) => statistics.userBunk(session, input.providerId));
  routes.secured(api.getDeviceData, async (input, { session }) => statistics.devices(session, input.providerId));
  routes.secured(api.getNursingData, async (input, { session }) => statistics.nursing(session, input.providerId));
  routes.secured(api.getAlertData, async (input, { session }) => statistics.alerts(session, input.providerId));
  routes.secured(api.getSleepData, async (input, { session }) => statistics.sleep(session, input.providerId));
  routes.secured(api.getCommunityData, async (input, { session }) => statistics.communities(session, input.providerId));
  routes.secured(api.queryRuleSetting, async (input, { session }) => statistics.queryRule(session, input.providerId));
  routes.secured(api.dataRuleSetting, async (input, { session }) => {
    if (session.scope.readOnly) throw errors.noPermission();
    return statistics.saveRule(session, input.providerId, input.mult);
  });
  routes.secured(api.exportStatistics, async (input, { session, language }) => {
    const sections = {
      residents: await statistics.userBunk(session, input.providerId),
      devices: await statistics.devices(session, input.providerId),
      nursing: await statistics.nursing(session, input.providerId),
      alarms: await statistics.alerts(session, input.providerId),
      sleep: await statistics.sleep(session, input.providerId),
      communities: await statistics.communities(session, input.providerId),
    };
    const file = statisticsWorkbook(sections, language, now());
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.getCareHomeTimeZone, async (input, { session }) => statistics.timeZone(session, input.providerId));
  routes.secured(api.saveCareHomeTimeZone, async (input, { session }) => {
    if (session.scope.readOnly) throw errors.noPermission();
    return statistics.saveTimeZone(session, input.providerId, input.timeZone);
  });
  routes.secured(api.governmentProviders, async (input) => government.list(input.accountId));
  routes.secured(api.assignGovernmentProviders, async (input) => government.assign(input.accountId, input.providerIds));
  routes.secured(api.refreshStatistics, async () => ({ written: await refresh() }));
}
