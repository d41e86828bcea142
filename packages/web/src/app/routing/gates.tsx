import type { ConsoleRoute } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../session/session-store.ts';
import { canOpen, firstOpenChild } from './access.ts';
import { cameFromLogin, LANDED } from './navigation.ts';
import { useAccessContext } from './use-access.ts';

/**
 * Renders the screen only when the user may open the path; otherwise /noPermission,
 * or / when the user came straight from the login page (spec 01 §4).
 */
export function RouteGate({ path, children }: { path: string; children: ReactNode }) {
  const context = useAccessContext();
  const session = useSession();
  const location = useLocation();
  if (!context || !session) return null;
  if (canOpen(path, context)) return children;
  const backToLanding = cameFromLogin(location.state) && path !== session.landingPath;
  return <Navigate to={backToLanding ? '/' : '/noPermission'} replace />;
}

/** A parent path opens its first child the user may open (e.g. /permission → /permission/accountmanager). */
export function ParentRedirect({ route }: { route: ConsoleRoute }) {
  const context = useAccessContext();
  const location = useLocation();
  if (!context) return null;
  const target = firstOpenChild(route, context);
  // The query goes along: /sleep-report/dailyDetails?id=7 opens the report it names.
  if (!target) return <Navigate to="/noPermission" replace state={location.state} />;
  return <Navigate to={{ pathname: target, search: location.search }} replace state={location.state} />;
}

/** / opens the landing path the server computed for the role (spec 01 §2). */
export function LandingRedirect() {
  const session = useSession();
  if (!session) return null;
  return <Navigate to={session.landingPath} replace state={LANDED} />;
}
