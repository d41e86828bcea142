import { LoadingOutlined } from '@ant-design/icons';
import { sso, type LoginResult } from '@vigil/contracts';
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { acceptLogin, loginErrorText } from './login-flow.ts';

export interface FastLoginParams {
  userName: string;
  secretPassword: string;
  timestamp: string;
}

/** Reads the fast-login parameters from the page address, when all three are there. */
export function fastLoginParams(search: URLSearchParams): FastLoginParams | null {
  const userName = search.get('userName');
  const secretPassword = search.get('secretPassword');
  const timestamp = search.get('timestamp');
  return userName && secretPassword && timestamp ? { userName, secretPassword, timestamp } : null;
}

/** Fast-login mode: only a login bar while the signed link is checked (spec 01 §2, §7). */
export function FastLoginBar({
  params,
  onSignedIn,
  onCancel,
}: {
  params: FastLoginParams;
  onSignedIn: (result: LoginResult) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { userName, secretPassword, timestamp } = params;

  useEffect(() => {
    let cancelled = false;
    callApi(sso, { userName, secretPassword, timestamp, from: 'PC' }, { sessionCheck: false }).then(
      (result) => {
        if (cancelled) return;
        const refusal = acceptLogin(result, t);
        if (refusal) setError(refusal);
        else onSignedIn(result);
      },
      (failure: unknown) => {
        if (!cancelled) setError(loginErrorText(failure, t));
      },
    );
    return () => {
      cancelled = true;
    };
    // Once per link: a language change or a new callback must not sign in again.
  }, [userName, secretPassword, timestamp]);

  return (
    <div className="fast-login-bar" role="status" aria-live="polite">
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('shell.login.fastLoginFailed')}
          description={error}
          action={<Button onClick={onCancel}>{t('shell.login.backToLogin')}</Button>}
        />
      ) : (
        <span className="fast-login-bar__progress">
          <LoadingOutlined /> {t('shell.login.fastLogin')}
        </span>
      )}
    </div>
  );
}
