import { CONSOLE_ROUTES, pathAllows, routeChain, routeTitleKey, type ConsoleRoute, type Role } from '@vigil/contracts';

/** What route access depends on: the role, the provider list and the edition. */
export interface AccessContext {
  role: Role;
  providerList: ReadonlyArray<{ available: boolean }>;
  isAbroad: boolean;
}

/**
 * Roles the console refuses outright: installers use the installation app (spec 01 §4);
 * caregivers use the caregiver app (they have no console screen, so the same refusal applies).
 */
const REFUSED_ROLES: readonly Role[] = ['MAINTAIN', 'NURSING'];

/** True when the console refuses to generate routes for the role. */
export function isRefusedRole(role: Role): boolean {
  return REFUSED_ROLES.includes(role);
}

/** True when at least one provider in the list is available. */
export function hasAvailableProvider(providerList: AccessContext['providerList']): boolean {
  return providerList.some((provider) => provider.available);
}

/**
 * True when the user may open the path: every route in its chain allows the role,
 * overseas-only routes need the overseas edition, and for a class I provider the
 * provider-gated routes need an available provider.
 */
export function canOpen(path: string, context: AccessContext): boolean {
  const chain = routeChain(path);
  if (!chain.length || !pathAllows(path, context.role)) return false;
  if (!context.isAbroad && chain.some((route) => route.overseasOnly)) return false;
  const gated = chain.some((route) => route.needsProvider);
  if (gated && context.role === 'ONE_ROLE' && !hasAvailableProvider(context.providerList)) return false;
  return true;
}

/** The first child of a parent route the user may open, visible ones first; null when none. */
export function firstOpenChild(route: ConsoleRoute, context: AccessContext): string | null {
  const children = route.children ?? [];
  const open = children.filter((child) => canOpen(child.path, context));
  const visible = open.find((child) => !child.hidden);
  return (visible ?? open[0])?.path ?? null;
}

/** One entry of the sidebar menu. */
export interface MenuEntry {
  path: string;
  titleKey: string;
  icon?: string;
  children?: MenuEntry[];
}

function menuEntry(route: ConsoleRoute, context: AccessContext): MenuEntry | null {
  if (!route.built || route.hidden || !canOpen(route.path, context)) return null;
  const titleKey = routeTitleKey(route, context.isAbroad);
  if (!route.children) return { path: route.path, titleKey, icon: route.icon };
  const children = route.children.map((child) => menuEntry(child, context)).filter((child) => child !== null);
  if (!children.length) return null;
  return { path: route.path, titleKey, icon: route.icon, children };
}

/** The sidebar menu: built, visible routes the user may open (screens of later releases stay out). */
export function menuEntries(context: AccessContext, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): MenuEntry[] {
  return routes.map((route) => menuEntry(route, context)).filter((entry) => entry !== null);
}

/** Title keys of the path and its ancestors, outermost first; empty for unknown paths. */
export function titleKeysOf(path: string, isAbroad = false): string[] {
  return routeChain(path).map((route) => routeTitleKey(route, isAbroad));
}
