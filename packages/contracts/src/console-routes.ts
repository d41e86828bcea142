import type { Role } from './roles.ts';

/**
 * The console's route table (spec 01 §2, spec 02 §2). The web builds its router
 * and menu from it; the server derives the login's menuList from it.
 * A child is allowed only if its parent is (spec 01 §6).
 */
export interface ConsoleRoute {
  /** Route name, used for menu permission and provider-availability gating. */
  name: string;
  path: string;
  /** Allowed roles; absent means open to any signed-in user. */
  roles?: readonly Role[];
  /** Not listed in the menu. */
  hidden?: boolean;
  /** Only in the overseas edition. */
  overseasOnly?: boolean;
  /** Gated by provider availability (spec 01 §2, named routes). */
  needsProvider?: boolean;
  /** Built in this release; screens of later issues stay out of the menu until they are. */
  built?: boolean;
  /** i18n key of the title. */
  titleKey: string;
  /** i18n key of the title in the overseas edition, when it differs (spec 02 §2: deviceManage reads "sleep monitor"). */
  overseasTitleKey?: string;
  /** antd icon name for the menu. */
  icon?: string;
  /**
   * Not kept alive behind the tab bar (spec 01 §2 "views marked no-cache are not cached"): the
   * screen unmounts when the user leaves it and opens fresh. Live views of one resident and the
   * edit forms, which must start from what is saved now (docs/api.md "Tabs kept alive").
   */
  noCache?: boolean;
  children?: readonly ConsoleRoute[];
}

const CARE: readonly Role[] = ['ONE_ROLE', 'TWO_ROLE'];
/** The vendor's administrators: original data and firmware upgrade (spec 02 §2). */
const VENDOR_ADMINS: readonly Role[] = ['SUPER_ROLE', 'SENIOR_ROLE'];

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  {
    name: 'RealTime', path: '/realMonitor', roles: CARE, needsProvider: true, built: true, titleKey: 'route.realMonitor', icon: 'monitor',
    children: [
      { name: 'RealTimeIndex', path: '/realMonitor/index', built: true, titleKey: 'route.realMonitorIndex' },
      { name: 'RealTimeResidentList', path: '/realMonitor/residentList', built: true, titleKey: 'route.residentList' },
      { name: 'RealTimeResident', path: '/realMonitor/resident', hidden: true, built: true, noCache: true, titleKey: 'route.resident' },
    ],
  },
  {
    name: 'alarm', path: '/alarm-log', roles: CARE, needsProvider: true, built: true, titleKey: 'route.alarmLog', icon: 'alert',
    children: [
      { name: 'alarmIndex', path: '/alarm-log/alarmIndex', built: true, titleKey: 'route.alarmIndex' },
      { name: 'remindsetting', path: '/alarm-log/remindsetting', needsProvider: true, built: true, titleKey: 'route.remindSetting' },
      // Beyond the spec (issue 28, docs/alarms.md "Escalation chains"): who is told of an unhandled alarm, when and how.
      { name: 'escalation', path: '/alarm-log/escalation', needsProvider: true, built: true, titleKey: 'route.escalation' },
      // Beyond the spec (issue 13, docs/analytics.md): care-home screens about alarm handling.
      { name: 'responseTimes', path: '/alarm-log/responseTimes', needsProvider: true, built: true, titleKey: 'route.responseTimes' },
      { name: 'handover', path: '/alarm-log/handover', needsProvider: true, built: true, titleKey: 'route.handover' },
      // Beyond the spec (issue 28, docs/webhooks.md): the care home's outbound webhooks and their delivery log.
      { name: 'integrations', path: '/alarm-log/integrations', needsProvider: true, built: true, titleKey: 'route.integrations' },
    ],
  },
  {
    name: 'SleepReport', path: '/sleep-report', roles: CARE, needsProvider: true, built: true, titleKey: 'route.sleepReport', icon: 'report',
    children: [
      { name: 'reportList', path: '/sleep-report/reportList', built: true, titleKey: 'route.reportList' },
      { name: 'sleepReportIndex', path: '/sleep-report/index', hidden: true, built: true, titleKey: 'route.sleepReportDaily' },
      {
        name: 'dailyDetails', path: '/sleep-report/dailyDetails', hidden: true, built: true, titleKey: 'route.dailyDetails',
        children: [{ name: 'reportDetails', path: '/sleep-report/dailyDetails/reportDetails', hidden: true, built: true, titleKey: 'route.reportDetails' }],
      },
      { name: 'monthDetails', path: '/sleep-report/monthDetails', hidden: true, built: true, titleKey: 'route.monthDetails' },
    ],
  },
  {
    name: 'PeopleManage', path: '/people-manage', roles: CARE, needsProvider: true, built: true, titleKey: 'route.peopleManage', icon: 'team',
    children: [
      { name: 'userManage', path: '/people-manage/userManage', built: true, titleKey: 'route.userManage' },
      { name: 'addAndEditUser', path: '/people-manage/addAndEdit/addAndEditUser', hidden: true, built: true, noCache: true, titleKey: 'route.addAndEditUser' },
    ],
  },
  {
    name: 'BunkManage', path: '/BunkManage', roles: CARE, needsProvider: true, built: true, titleKey: 'route.bunkManage', icon: 'home',
    children: [
      { name: 'BunkManageIndex', path: '/BunkManage/index', built: true, titleKey: 'route.bunkManageIndex' },
      // Spec 02 §2 "Bed alarm settings": hidden, ONE_ROLE and TWO_ROLE.
      { name: 'alarmSetting', path: '/BunkManage/settingAlarm/alarmSetting/:userId', roles: CARE, hidden: true, built: true, noCache: true, titleKey: 'route.alarmSetting' },
    ],
  },
  {
    name: 'nurseManage', path: '/nurse-manage', roles: CARE, needsProvider: true, built: true, titleKey: 'route.nurseManage', icon: 'nurse',
    children: [
      { name: 'nurseManageList', path: '/nurse-manage/nurseManage', built: true, titleKey: 'route.nurseList' },
      { name: 'addAndEditNurse', path: '/nurse-manage/addAndEdit/addAndEditNurse', hidden: true, built: true, noCache: true, titleKey: 'route.addAndEditNurse' },
    ],
  },
  {
    name: 'DeviceManage', path: '/deviceManage', roles: ['SUPER_ROLE', 'SENIOR_ROLE', 'ONE_ROLE', 'TWO_ROLE', 'BUSINESS_ROLE'], titleKey: 'route.deviceManage', icon: 'device',
    built: true,
    children: [
      { name: 'deviceManageList', path: '/deviceManage/deviceManage', built: true, titleKey: 'route.deviceList', overseasTitleKey: 'route.sleepMonitor' },
      { name: 'ed719Device', path: '/deviceManage/ed719Device', roles: CARE, overseasOnly: true, needsProvider: true, built: true, titleKey: 'route.ed719Device' },
      { name: 'safeDeviceManage', path: '/deviceManage/safeDeviceManage', roles: CARE, overseasOnly: true, needsProvider: true, built: true, titleKey: 'route.safeDeviceManage' },
      { name: 'hostDevice', path: '/deviceManage/hostDevice', roles: CARE, overseasOnly: true, needsProvider: true, built: true, titleKey: 'route.hostDevice' },
      { name: 'historyData', path: '/deviceManage/historyData', roles: VENDOR_ADMINS, built: true, titleKey: 'route.historyData' },
      { name: 'hardSoftUpload', path: '/deviceManage/hardSoftUpload', roles: VENDOR_ADMINS, built: true, titleKey: 'route.hardSoftUpload' },
    ],
  },
  {
    name: 'AppReleaseManage', path: '/appReleaseManage', roles: ['SUPER_ROLE', 'SENIOR_ROLE'], built: true, titleKey: 'route.appReleaseManage', icon: 'cloud',
    children: [
      { name: 'appVersionDeployment', path: '/appReleaseManage/appVersionDeployment', built: true, titleKey: 'route.appVersion' },
      { name: 'versionDeployment', path: '/appReleaseManage/versionDeployment', built: true, titleKey: 'route.h5Version' },
    ],
  },
  {
    name: 'Permission', path: '/permission', roles: ['SUPER_ROLE', 'SENIOR_ROLE', 'ONE_ROLE', 'TWO_ROLE', 'BUSINESS_ROLE'], built: true, titleKey: 'route.permission', icon: 'lock',
    children: [
      { name: 'accountmanager', path: '/permission/accountmanager', roles: ['SUPER_ROLE', 'SENIOR_ROLE', 'ONE_ROLE', 'TWO_ROLE', 'BUSINESS_ROLE'], built: true, titleKey: 'route.accountManager' },
      { name: 'providermanager', path: '/permission/providermanager', roles: ['SUPER_ROLE', 'SENIOR_ROLE', 'ONE_ROLE', 'BUSINESS_ROLE'], built: true, titleKey: 'route.providerManager' },
      // Issue 30 (docs/audit.md): who changed, exported or viewed what; administrators only, scoped.
      { name: 'auditTrail', path: '/permission/auditTrail', roles: ['SUPER_ROLE', 'SENIOR_ROLE', 'ONE_ROLE', 'TWO_ROLE'], built: true, titleKey: 'route.auditTrail' },
    ],
  },
  {
    name: 'Settings', path: '/settings', roles: CARE, built: true, titleKey: 'route.settings', icon: 'setting',
    children: [
      { name: 'platSet', path: '/settings/platSet', built: true, titleKey: 'route.platSet' },
      { name: 'statisticsMult', path: '/settings/statisticsMult', needsProvider: true, built: true, titleKey: 'route.statisticsMult' },
    ],
  },
  { name: 'Statistics', path: '/statistics', roles: ['ONE_ROLE', 'TWO_ROLE', 'GOVERNMENT'], built: true, titleKey: 'route.statistics', icon: 'chart' },
];

/** Start path per role (spec 01 §2 "Landing page by role"). */
export function landingPath(role: Role, hasAvailableProvider: boolean): string {
  switch (role) {
    case 'SENIOR_ROLE':
      return '/deviceManage/deviceManage';
    case 'SUPER_ROLE':
      return '/permission/providermanager';
    case 'ONE_ROLE':
      return hasAvailableProvider ? '/realMonitor/index' : '/permission/providermanager';
    case 'TWO_ROLE':
      return '/realMonitor/index';
    case 'GOVERNMENT':
      return '/statistics';
    case 'BUSINESS_ROLE':
      return '/permission/accountmanager';
    default:
      return '/realMonitor/index';
  }
}

/** The route's title key in an edition: the overseas title where it has one. */
export function routeTitleKey(route: ConsoleRoute, isAbroad: boolean): string {
  return isAbroad && route.overseasTitleKey ? route.overseasTitleKey : route.titleKey;
}

/** True when the role may open the route (and every ancestor). */
export function routeAllows(route: ConsoleRoute, role: Role): boolean {
  return !route.roles || route.roles.includes(role);
}

/** True when a concrete path matches a route path, whose `:name` segments match any one segment. */
export function pathMatches(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.includes('/:')) return false;
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((segment, index) => (segment.startsWith(':') ? have[index] !== '' : segment === have[index]));
}

/** Finds a route and its ancestors by path (a concrete one, or the route's own pattern); the chain is empty when unknown. */
export function routeChain(path: string, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): ConsoleRoute[] {
  for (const route of routes) {
    if (pathMatches(route.path, path)) return [route];
    if (route.children && path.startsWith(route.path + '/')) {
      const chain = routeChain(path, route.children);
      if (chain.length) return [route, ...chain];
    }
  }
  return [];
}

/** True when the role may open the path: every route in its chain allows the role. */
export function pathAllows(path: string, role: Role): boolean {
  const chain = routeChain(path);
  return chain.length > 0 && chain.every((route) => routeAllows(route, role));
}

/** Names of every route the role may open: the login's menuList. */
export function menuFor(role: Role): string[] {
  const names: string[] = [];
  const walk = (routes: readonly ConsoleRoute[]) => {
    for (const route of routes) {
      if (!routeAllows(route, role)) continue;
      names.push(route.name);
      if (route.children) walk(route.children);
    }
  };
  walk(CONSOLE_ROUTES);
  return names;
}
