import type { ConsoleRoute } from '@vigil/contracts';
import type { ComponentType } from 'react';
import { AccountManagerPage } from '../../features/accounts/AccountManagerPage.tsx';
import { PlatformSettingsPage } from '../../features/platform/PlatformSettingsPage.tsx';
import { ProviderManagerPage } from '../../features/providers/ProviderManagerPage.tsx';
import { NotYetAvailablePage } from '../pages/NotYetAvailablePage.tsx';

/** The built screens, by route name. */
const SCREENS: Readonly<Record<string, ComponentType>> = {
  accountmanager: AccountManagerPage,
  providermanager: ProviderManagerPage,
  platSet: PlatformSettingsPage,
};

/** The screen of a leaf route, or the not-yet-available notice for routes of later releases. */
export function RouteScreen({ route }: { route: ConsoleRoute }) {
  const Screen = route.built ? SCREENS[route.name] : undefined;
  if (!Screen) return <NotYetAvailablePage titleKey={route.titleKey} />;
  return <Screen />;
}
