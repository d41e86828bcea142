import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Status } from '@vigil/contracts';
import { setSessionLostHandler } from '../api/client.ts';
import { loginPathFor } from './routing/navigation.ts';

/**
 * When a call finds the session gone (status 100/101/110, HTTP 401; the client has
 * already cleared the token), tells the user and opens /login?redirect=<current page>.
 * A deleted account (110) gets the server's "account cancelled" message.
 */
export function useSessionLostRedirect(): void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    setSessionLostHandler((status, serverMessage) => {
      const content = status === Status.ACCOUNT_CANCELLED && serverMessage ? serverMessage : t('shell.login.sessionExpired');
      void message.error({ key: 'session-lost', content });
      navigate(loginPathFor(window.location), { replace: true });
    });
    return () => setSessionLostHandler(() => {});
  }, [message, navigate, t]);
}
