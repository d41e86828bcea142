import { CONSOLE_ROUTES, type ConsoleRoute } from '@vigil/contracts';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../pages/LoginPage.tsx';
import { RootShell } from '../RootShell.tsx';
import { LandingRedirect, ParentRedirect, RouteGate } from './gates.tsx';
import { RequireSession } from './RequireSession.tsx';
import { RouteScreen } from './screens.tsx';

/** One flat route per console path: parents redirect to their first open child, leaves are gated screens. */
function consoleRoutes(routes: readonly ConsoleRoute[]): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    if (route.children) {
      return [{ path: route.path, element: <ParentRedirect route={route} /> }, ...consoleRoutes(route.children)];
    }
    return [
      {
        path: route.path,
        errorElement: routeError,
        element: (
          <RouteGate path={route.path}>
            <RouteScreen route={route} />
          </RouteGate>
        ),
      },
    ];
  });
}

// The login page is the one screen everybody sees first, so it ships in the entry chunk;
// the signed-in shell (layout, menus, tag bar) and the rarer pages load with their route,
// so signing in does not wait for them and they do not weigh on the login page.
// antd's Result carries large illustrations; only a crashed screen needs them.
const RouteErrorPage = lazy(() => import('../pages/RouteErrorPage.tsx').then((m) => ({ default: m.RouteErrorPage })));
const routeError = (
  <Suspense fallback={null}>
    <RouteErrorPage />
  </Suspense>
);
const lazyAppLayout = async () => ({ Component: (await import('../layout/AppLayout.tsx')).AppLayout });
const lazyNotFoundPage = async () => ({ Component: (await import('../pages/NotFoundPage.tsx')).NotFoundPage });
const lazyNoPermissionPage = async () => ({ Component: (await import('../pages/NoPermissionPage.tsx')).NoPermissionPage });
const lazyRedirectPage = async () => ({ Component: (await import('../pages/RedirectPage.tsx')).RedirectPage });

/** The console's route objects (spec 01 §2), for createBrowserRouter. */
export function buildRouteObjects(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootShell />,
      errorElement: routeError,
      children: [
        { path: 'login', element: <LoginPage /> },
        { path: '404', lazy: lazyNotFoundPage },
        { path: 'noPermission', lazy: lazyNoPermissionPage },
        {
          element: <RequireSession />,
          children: [
            {
              lazy: lazyAppLayout,
              children: [
                { index: true, element: <LandingRedirect /> },
                { path: 'redirect/*', lazy: lazyRedirectPage },
                ...consoleRoutes(CONSOLE_ROUTES),
                { path: '*', element: <Navigate to="/" replace /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
