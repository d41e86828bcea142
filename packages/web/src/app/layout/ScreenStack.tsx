import { Activity, useEffect } from 'react';
import { useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import type { ScreenStackProps } from '../routing/screen-slot.tsx';
import { useAccessContext } from '../routing/use-access.ts';
import { forgetAllScreens, keepScreen, keepsAlive, useKeptScreens } from './kept-screens.ts';
import { useLayoutSettings } from './layout-settings.ts';

/** The screen the routes give at `location`, which a hidden screen keeps as its own. */
function ScreenAt({ routes, location }: { routes: RouteObject[]; location: Location }) {
  return useRoutes(routes, location);
}

/**
 * The current screen and, while the tab bar shows, the screens of its tabs kept alive behind it
 * (spec 01 §2). A kept screen is hidden in an Activity: it keeps its state (filters typed, page,
 * expanded rows) and its DOM is display:none, out of the keyboard's and screen readers' way; its
 * effects are cleaned up, so no socket, timer or query runs out of sight, and they run again
 * when it shows, which refetches its data and resubscribes to live frames.
 */
export function ScreenStack({ routes }: ScreenStackProps) {
  const location = useLocation();
  const access = useAccessContext();
  const { tagsView } = useLayoutSettings();
  const kept = useKeptScreens();
  const keep = tagsView && access !== null && keepsAlive(location.pathname, access);
  useEffect(() => {
    if (keep) keepScreen(location);
  }, [keep, location]);
  // The kept screens unmount with the shell (signing out, /404): the list must go with them.
  useEffect(() => forgetAllScreens, []);

  // In the list's order, so a screen's DOM never moves; the current screen joins at the end.
  const shown = tagsView ? kept : [];
  const current = location.pathname;
  const screens = shown.some((screen) => screen.path === current) ? shown : [...shown, { path: current, location }];
  return screens.map((screen) => {
    const visible = screen.path === current;
    return (
      <Activity key={screen.path} mode={visible ? 'visible' : 'hidden'}>
        <ScreenAt routes={routes} location={visible ? location : screen.location} />
      </Activity>
    );
  });
}
