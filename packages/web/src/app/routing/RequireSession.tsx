import { platformInfo } from '@vigil/contracts';
import { App, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { callApi } from '../../api/client.ts';
import { revokeToken } from '../../api/revoke-token.ts';
import type { KeyOf } from '../../i18n/namespaces.ts';
import { clearSession, readToken, restoreSession, useSession } from '../../session/session-store.ts';
import { isRefusedRole } from './access.ts';
import { loginPathFor } from './navigation.ts';

/** Token present but no user stored: rebuild the session from platform info, or sign out. */
function SessionRestore() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useEffect(() => {
    let cancelled = false;
    callApi(platformInfo, {}, { sessionCheck: false }).then(
      (info) => {
        if (!cancelled) restoreSession(info);
      },
      () => {
        if (cancelled) return;
        void message.error({ key: 'session-restore', content: t('shell.login.restoreFailed') });
        clearSession();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [message, t]);
  return <Spin fullscreen tip={t('shell.app.loading')} />;
}

/** A session the console will not run (empty role, installer): end it and return to /login with a message. */
function SessionRefusal({ reason }: { reason: KeyOf<'shell'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useEffect(() => {
    const token = readToken();
    void message.error({ key: 'session-refused', content: t(reason) });
    if (token) void revokeToken(token);
    // Clearing the session re-renders the guard, which sends the user to /login.
    clearSession();
  }, [message, reason, t]);
  return null;
}

/** The navigation guard for every signed-in route (spec 01 §4). */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!readToken()) return <Navigate to={loginPathFor(location)} replace />;
  if (!session) return <SessionRestore />;
  if (!session.role) return <SessionRefusal reason="shell.login.roleEmpty" />;
  if (isRefusedRole(session.role)) return <SessionRefusal reason="shell.login.noAccess" />;
  return <Outlet />;
}
