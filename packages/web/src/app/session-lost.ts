import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setSessionLostHandler } from '../api/client.ts';
import { loginPathFor } from './routing/navigation.ts';

/**
 * When a call finds the session gone (status 100/101, HTTP 401; the client has
 * already cleared the token), tells the user and opens /login?redirect=<current page>.
 */
export function useSessionLostRedirect(): void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    setSessionLostHandler(() => {
      void message.error({ key: 'session-lost', content: t('shell.login.sessionExpired') });
      navigate(loginPathFor(window.location), { replace: true });
    });
    return () => setSessionLostHandler(() => {});
  }, [message, navigate, t]);
}
