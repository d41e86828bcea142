import { CONSOLE_ROUTES, type ConsoleRoute } from '@vigil/contracts';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../layout/AppLayout.tsx';
import { LoginPage } from '../pages/LoginPage.tsx';
import { NoPermissionPage } from '../pages/NoPermissionPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RedirectPage } from '../pages/RedirectPage.tsx';
import { RouteErrorPage } from '../pages/RouteErrorPage.tsx';
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
        errorElement: <RouteErrorPage />,
        element: (
          <RouteGate path={route.path}>
            <RouteScreen route={route} />
          </RouteGate>
        ),
      },
    ];
  });
}

/** The console's route objects (spec 01 §2), for createBrowserRouter. */
export function buildRouteObjects(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: 'login', element: <LoginPage /> },
        { path: '404', element: <NotFoundPage /> },
        { path: 'noPermission', element: <NoPermissionPage /> },
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { index: true, element: <LandingRedirect /> },
                { path: 'redirect/*', element: <RedirectPage /> },
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
