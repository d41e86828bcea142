import { CONSOLE_ROUTES, type ConsoleRoute } from '@vigil/contracts';
import { Suspense } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../pages/LoginPage.tsx';
import { RootShell } from '../RootShell.tsx';
import { LandingRedirect, ParentRedirect, RouteGate } from './gates.tsx';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { RequireSession } from './RequireSession.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { preloadScreenFiles } from './screen-preloads.ts';
import { ScreenSlot, ScreenStackSlot } from './screen-slot.tsx';

/** One flat route per console path: parents redirect to their first open child, leaves are gated screens. */
function consoleRoutes(routes: readonly ConsoleRoute[]): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    if (route.children) {
      return [{ path: route.path, element: <ParentRedirect route={route} /> }, ...consoleRoutes(route.children)];
    }
    // A crashed screen shows the error page inside the shell, which stays usable.
    const element = (
      <RouteErrorBoundary>
        <RouteGate path={route.path}>
          <ScreenSlot route={route} />
        </RouteGate>
      </RouteErrorBoundary>
    );
    const leaf: RouteObject = { path: route.path, element };
    if (route.built) SCREEN_OF_ROUTE.set(leaf, route.name);
    return [leaf];
  });
}

// The login page is the one screen everybody sees first, so it ships in the entry chunk;
// the signed-in shell (layout, menus, tag bar) and the rarer pages load with their route,
// so signing in does not wait for them and they do not weigh on the login page.
const loadShell = () => import('../layout/AppLayout.tsx');
const appLayout = lazyPage(() => loadShell().then((m) => m.AppLayout));
const notFoundPage = lazyPage(() => import('../pages/NotFoundPage.tsx').then((m) => m.NotFoundPage));
const noPermissionPage = lazyPage(() => import('../pages/NoPermissionPage.tsx').then((m) => m.NoPermissionPage));
const redirectPage = lazyPage(() => import('../pages/RedirectPage.tsx').then((m) => m.RedirectPage));

const LAZY_PAGE_OF_ROUTE = new WeakMap<RouteObject, LazyPage>();
/** The screen names of leaf routes, whose code loads with the route but is not waited for before the shell paints. */
const SCREEN_OF_ROUTE = new WeakMap<RouteObject, string>();

function lazyRoute(route: { path?: string; children?: RouteObject[] }, page: LazyPage): RouteObject {
  const withPage: RouteObject = { ...route, element: <page.Page /> };
  LAZY_PAGE_OF_ROUTE.set(withPage, page);
  return withPage;
}

/**
 * The routes under the signed-in shell: the tab bar's /redirect, the console's paths, and / for
 * anything else. The shell renders them with useRoutes for the current address and for each
 * screen kept behind the tab bar (its own address), so a hidden screen keeps its params and query.
 */
function screenRouteObjects(): RouteObject[] {
  return [lazyRoute({ path: 'redirect/*' }, redirectPage), ...consoleRoutes(CONSOLE_ROUTES), { path: '*', element: <Navigate to="/" replace /> }];
}

/** The console's route objects (spec 01 §2), for useRoutes. */
export function buildRouteObjects(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootShell />,
      children: [
        // Signing in starts the landing screen's code beside the shell's, as an opened address does.
        { path: 'login', element: <LoginPage onSignedIn={(target) => { preloadRoute(target); }} /> },
        lazyRoute({ path: '404' }, notFoundPage),
        lazyRoute({ path: 'noPermission' }, noPermissionPage),
        {
          element: <RequireSession />,
          children: [
            lazyRoute(
              {
                children: [
                  { index: true, element: <LandingRedirect /> },
                  // Descendant routes: the shell renders them once per kept tab, each at its own address.
                  { path: '*', element: <ScreenStackSlot routes={SCREEN_ROUTES} /> },
                ],
              },
              appLayout,
            ),
          ],
        },
      ],
    },
  ];
}

const SCREEN_ROUTES = screenRouteObjects();
const ROUTES = buildRouteObjects();

/** Settles when the pages have loaded (or failed to: a page that failed fails again on render, into the error page). */
function settled(loads: readonly Promise<unknown>[]): Promise<void> {
  return Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts loading, side by side, the code of the lazy pages `pathname` opens: the shell (or
 * /404 …) and the screen. `pages` settles when the shell's code is in: the first render waits
 * for it, so it does not show a blank page (createBrowserRouter also loaded it before its first
 * render). `screen` settles when the screen's code is in too; the shell paints without waiting
 * for it. The screens are imported from the shell's chunk, so the screen's files are fetched
 * beside the shell's from the build's hints (preloadScreenFiles), not once the shell is in.
 * Neither rejects.
 */
export function preloadRoute(pathname: string): { pages: Promise<void>; screen: Promise<void> } {
  const routes = [...(matchRoutes(ROUTES, pathname) ?? []), ...(matchRoutes(SCREEN_ROUTES, pathname) ?? [])].map((match) => match.route);
  const pages = settled(routes.flatMap((route) => LAZY_PAGE_OF_ROUTE.get(route)?.preload() ?? []));
  const screens = routes.flatMap((route) => SCREEN_OF_ROUTE.get(route) ?? []);
  screens.forEach(preloadScreenFiles);
  const screen = settled(screens.map((name) => loadShell().then((shell) => shell.preloadScreen(name))));
  return { pages, screen };
}

/**
 * The console's page for the current location, inside a BrowserRouter (MemoryRouter in tests).
 * While a lazy page's code loads, a navigation (a transition) keeps the current page on
 * screen, and a first render shows nothing, as RouterProvider did; a render error anywhere
 * outside a screen shows the error page in place of everything.
 */
export function ConsoleRoutes() {
  const page = useRoutes(ROUTES);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}
