import { routeTitleKey, type ConsoleRoute } from '@vigil/contracts';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useEdition } from '../../session/edition.ts';
import { lazyPage, type LazyPage } from './lazy-page.tsx';

// Screens load on first visit (or with the address the console opens at, see preloadRoute),
// so the login page does not wait for every screen's code.
/** The built screens, by route name. */
const SCREENS: Readonly<Record<string, LazyPage>> = {
  accountmanager: lazyPage(() => import('../../features/accounts/AccountManagerPage.tsx').then((m) => m.AccountManagerPage)),
  providermanager: lazyPage(() => import('../../features/providers/ProviderManagerPage.tsx').then((m) => m.ProviderManagerPage)),
  platSet: lazyPage(() => import('../../features/platform/PlatformSettingsPage.tsx').then((m) => m.PlatformSettingsPage)),
  userManage: lazyPage(() => import('../../features/residents/ResidentManagePage.tsx').then((m) => m.ResidentManagePage)),
  addAndEditUser: lazyPage(() => import('../../features/residents/ResidentFormPage.tsx').then((m) => m.ResidentFormPage)),
  BunkManageIndex: lazyPage(() => import('../../features/addresses/AddressManagePage.tsx').then((m) => m.AddressManagePage)),
  alarmIndex: lazyPage(() => import('../../features/alarms/AlarmLogPage.tsx').then((m) => m.AlarmLogPage)),
  remindsetting: lazyPage(() => import('../../features/alarms/AlarmLevelPage.tsx').then((m) => m.AlarmLevelPage)),
  alarmSetting: lazyPage(() => import('../../features/alarms/ResidentAlarmSettingPage.tsx').then((m) => m.ResidentAlarmSettingPage)),
  RealTimeIndex: lazyPage(() => import('../../features/monitor/FocusResidentsPage.tsx').then((m) => m.FocusResidentsPage)),
  RealTimeResidentList: lazyPage(() => import('../../features/monitor/BedBoardPage.tsx').then((m) => m.BedBoardPage)),
  RealTimeResident: lazyPage(() => import('../../features/monitor/HouseholdPage.tsx').then((m) => m.HouseholdPage)),
  nurseManageList: lazyPage(() => import('../../features/caregivers/CaregiverListPage.tsx').then((m) => m.CaregiverListPage)),
  deviceManageList: lazyPage(() => import('../../features/devices/DeviceManagePage.tsx').then((m) => m.DeviceManagePage)),
  historyData: lazyPage(() => import('../../features/devices/originData/OriginDataPage.tsx').then((m) => m.OriginDataPage)),
  appVersionDeployment: lazyPage(() => import('../../features/releases/AppVersionPage.tsx').then((m) => m.AppVersionPage)),
  versionDeployment: lazyPage(() => import('../../features/releases/H5VersionPage.tsx').then((m) => m.H5VersionPage)),
  hardSoftUpload: lazyPage(() => import('../../features/releases/FirmwarePage.tsx').then((m) => m.FirmwarePage)),
  ed719Device: lazyPage(() => import('../../features/gateways/FallRadarPage.tsx').then((m) => m.FallRadarPage)),
  safeDeviceManage: lazyPage(() => import('../../features/gateways/SecurityDevicePage.tsx').then((m) => m.SecurityDevicePage)),
  hostDevice: lazyPage(() => import('../../features/gateways/HostDevicePage.tsx').then((m) => m.HostDevicePage)),
  reportList: lazyPage(() => import('../../features/sleep-report/ReportListPage.tsx').then((m) => m.ReportListPage)),
  sleepReportIndex: lazyPage(() => import('../../features/sleep-report/DailyReportPage.tsx').then((m) => m.DailyReportPage)),
  reportDetails: lazyPage(() => import('../../features/sleep-report/ReportDetailsPage.tsx').then((m) => m.ReportDetailsPage)),
  monthDetails: lazyPage(() => import('../../features/sleep-report/MonthDetailsPage.tsx').then((m) => m.MonthDetailsPage)),
  Statistics: lazyPage(() => import('../../features/statistics/StatisticsPage.tsx').then((m) => m.StatisticsPage)),
  statisticsMult: lazyPage(() => import('../../features/statistics/StatisticsMultPage.tsx').then((m) => m.StatisticsMultPage)),
  addAndEditNurse: lazyPage(() => import('../../features/caregivers/CaregiverFormPage.tsx').then((m) => m.CaregiverFormPage)),
  responseTimes: lazyPage(() => import('../../features/analytics/ResponseTimesPage.tsx').then((m) => m.ResponseTimesPage)),
  auditTrail: lazyPage(() => import('../../features/audit/AuditTrailPage.tsx').then((m) => m.AuditTrailPage)),
  handover: lazyPage(() => import('../../features/analytics/HandoverPage.tsx').then((m) => m.HandoverPage)),
  integrations: lazyPage(() => import('../../features/integrations/IntegrationsPage.tsx').then((m) => m.IntegrationsPage)),
  escalation: lazyPage(() => import('../../features/escalation/EscalationPage.tsx').then((m) => m.EscalationPage)),
};

// antd's Result (with its illustrations) stays out of the entry: only this notice uses it.
const NotYetAvailablePage = lazy(() => import('../pages/NotYetAvailablePage.tsx').then((m) => ({ default: m.NotYetAvailablePage })));

/** The screen of a built leaf route (its code loads lazily), or none for routes of later releases. */
function screenOf(route: ConsoleRoute): LazyPage | undefined {
  return route.built ? SCREENS[route.name] : undefined;
}

/** Starts loading the code of the screen named `name` (a built route's name); settles when it is in. */
export function preloadScreen(name: string): Promise<unknown> {
  return SCREENS[name]?.preload() ?? Promise.resolve();
}

/** The screen of a leaf route, or the not-yet-available notice for routes of later releases. */
export function RouteScreen({ route }: { route: ConsoleRoute }) {
  const { isAbroad } = useEdition();
  const Screen = screenOf(route)?.Page;
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
      {Screen ? <Screen /> : <NotYetAvailablePage titleKey={routeTitleKey(route, isAbroad)} />}
    </Suspense>
  );
}
