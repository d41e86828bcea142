import { routeTitleKey, type ConsoleRoute } from '@vigil/contracts';
import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useEdition } from '../../session/edition.ts';

// Screens load on first visit, so the login page does not wait for every screen's code.
/** The built screens, by route name. */
const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  accountmanager: lazy(() => import('../../features/accounts/AccountManagerPage.tsx').then((m) => ({ default: m.AccountManagerPage }))),
  providermanager: lazy(() => import('../../features/providers/ProviderManagerPage.tsx').then((m) => ({ default: m.ProviderManagerPage }))),
  platSet: lazy(() => import('../../features/platform/PlatformSettingsPage.tsx').then((m) => ({ default: m.PlatformSettingsPage }))),
  userManage: lazy(() => import('../../features/residents/ResidentManagePage.tsx').then((m) => ({ default: m.ResidentManagePage }))),
  addAndEditUser: lazy(() => import('../../features/residents/ResidentFormPage.tsx').then((m) => ({ default: m.ResidentFormPage }))),
  BunkManageIndex: lazy(() => import('../../features/addresses/AddressManagePage.tsx').then((m) => ({ default: m.AddressManagePage }))),
  alarmIndex: lazy(() => import('../../features/alarms/AlarmLogPage.tsx').then((m) => ({ default: m.AlarmLogPage }))),
  remindsetting: lazy(() => import('../../features/alarms/AlarmLevelPage.tsx').then((m) => ({ default: m.AlarmLevelPage }))),
  alarmSetting: lazy(() => import('../../features/alarms/ResidentAlarmSettingPage.tsx').then((m) => ({ default: m.ResidentAlarmSettingPage }))),
  RealTimeIndex: lazy(() => import('../../features/monitor/FocusResidentsPage.tsx').then((m) => ({ default: m.FocusResidentsPage }))),
  RealTimeResidentList: lazy(() => import('../../features/monitor/BedBoardPage.tsx').then((m) => ({ default: m.BedBoardPage }))),
  RealTimeResident: lazy(() => import('../../features/monitor/HouseholdPage.tsx').then((m) => ({ default: m.HouseholdPage }))),
  nurseManageList: lazy(() => import('../../features/caregivers/CaregiverListPage.tsx').then((m) => ({ default: m.CaregiverListPage }))),
  deviceManageList: lazy(() => import('../../features/devices/DeviceManagePage.tsx').then((m) => ({ default: m.DeviceManagePage }))),
  historyData: lazy(() => import('../../features/devices/originData/OriginDataPage.tsx').then((m) => ({ default: m.OriginDataPage }))),
  appVersionDeployment: lazy(() => import('../../features/releases/AppVersionPage.tsx').then((m) => ({ default: m.AppVersionPage }))),
  versionDeployment: lazy(() => import('../../features/releases/H5VersionPage.tsx').then((m) => ({ default: m.H5VersionPage }))),
  hardSoftUpload: lazy(() => import('../../features/releases/FirmwarePage.tsx').then((m) => ({ default: m.FirmwarePage }))),
  ed719Device: lazy(() => import('../../features/gateways/FallRadarPage.tsx').then((m) => ({ default: m.FallRadarPage }))),
  safeDeviceManage: lazy(() => import('../../features/gateways/SecurityDevicePage.tsx').then((m) => ({ default: m.SecurityDevicePage }))),
  hostDevice: lazy(() => import('../../features/gateways/HostDevicePage.tsx').then((m) => ({ default: m.HostDevicePage }))),
  reportList: lazy(() => import('../../features/sleep-report/ReportListPage.tsx').then((m) => ({ default: m.ReportListPage }))),
  sleepReportIndex: lazy(() => import('../../features/sleep-report/DailyReportPage.tsx').then((m) => ({ default: m.DailyReportPage }))),
  reportDetails: lazy(() => import('../../features/sleep-report/ReportDetailsPage.tsx').then((m) => ({ default: m.ReportDetailsPage }))),
  monthDetails: lazy(() => import('../../features/sleep-report/MonthDetailsPage.tsx').then((m) => ({ default: m.MonthDetailsPage }))),
  Statistics: lazy(() => import('../../features/statistics/StatisticsPage.tsx').then((m) => ({ default: m.StatisticsPage }))),
  statisticsMult: lazy(() => import('../../features/statistics/StatisticsMultPage.tsx').then((m) => ({ default: m.StatisticsMultPage }))),
  addAndEditNurse: lazy(() => import('../../features/caregivers/CaregiverFormPage.tsx').then((m) => ({ default: m.CaregiverFormPage }))),
  responseTimes: lazy(() => import('../../features/analytics/ResponseTimesPage.tsx').then((m) => ({ default: m.ResponseTimesPage }))),
  handover: lazy(() => import('../../features/analytics/HandoverPage.tsx').then((m) => ({ default: m.HandoverPage }))),
};

// antd's Result (with its illustrations) stays out of the entry: only this notice uses it.
const NotYetAvailablePage = lazy(() => import('../pages/NotYetAvailablePage.tsx').then((m) => ({ default: m.NotYetAvailablePage })));

/** The screen of a leaf route, or the not-yet-available notice for routes of later releases. */
export function RouteScreen({ route }: { route: ConsoleRoute }) {
  const { isAbroad } = useEdition();
  const Screen = route.built ? SCREENS[route.name] : undefined;
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
      {Screen ? <Screen /> : <NotYetAvailablePage titleKey={routeTitleKey(route, isAbroad)} />}
    </Suspense>
  );
}
