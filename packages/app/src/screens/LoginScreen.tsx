import { login, logout, publicKey, Status } from '@vigil/contracts';
import { useId, useState, type FormEvent } from 'react';
import { encryptPassword } from '@vigil/client';
import { ApiError, callApi } from '../api.ts';
import { LanguagePicker } from '../LanguagePicker.tsx';
import { useT, type MessageKey } from '../i18n.ts';
import { isAppRole, saveSession, type AppRole } from '../session.ts';

const ROLES: AppRole[] = ['NURSING', 'MAINTAIN', 'RELATIVES'];
const FROM: Record<AppRole, string> = { NURSING: 'APP_NURSING', MAINTAIN: 'APP_MAINTAIN', RELATIVES: 'APP_RELATIVES' };

/**
 * Sign-in with the spec's role choice (spec 01 §6, 02 §2), and relatives (issue 28). The server
 * refuses every account but caregivers, installers and relatives from an app (status 106, its message shown as is);
 * an account of the other app role is told which role to choose and its session is ended.
 */
export function LoginScreen() {
  const t = useT();
  const [role, setRole] = useState<AppRole>('NURSING');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userName.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    // Spec 01 §5: the mobile login says 6 to 16; shorter cannot be an account or password. Longer is let
    // through: the console makes login names of up to 64, and such an account must still sign in here.
    if (userName.trim().length < 6 || password.length < 6) {
      setError(t('login.tooShort'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { publicKey: pem } = await callApi(publicKey, {});
      const passWord = await encryptPassword(pem, password);
      const result = await callApi(login, { userName: userName.trim(), passWord, rsa: true, from: FROM[role] });
      if (!isAppRole(result.role)) {
        setError(t('refused.title'));
        return;
      }
      if (result.role !== role) {
        // Wrong role chosen: end the session the server opened, and say which role this account has.
        await fetch('/api' + logout.path, { headers: { 'S-token': result.token } }).catch(() => undefined);
        setError(t('login.wrongRole', { actual: t(`login.role.${result.role}` as MessageKey) }));
        return;
      }
      saveSession(result);
    } catch (caught) {
      if (caught instanceof ApiError) {
        setError(caught.status === 0 ? t('login.network') : caught.message || String(caught.status));
        if (caught.status === Status.APP_LOGIN_FORBIDDEN && !caught.message) setError(t('refused.title'));
      } else {
        setError(String(caught));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="screen login">
      <div className="login-head">
        <img src="/app/icon.svg" alt="" width="56" height="56" />
        <LanguagePicker />
      </div>
      <h1>{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={error ? errorId : undefined}>
        <fieldset className="segmented">
          <legend>{t('login.role')}</legend>
          {ROLES.map((value) => (
            <label key={value} className={role === value ? 'segment segment-on' : 'segment'}>
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} />
              {t(`login.role.${value}`)}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('login.userName')}</span>
          <input name="userName" autoComplete="username" autoCapitalize="none" value={userName} onChange={(event) => setUserName(event.target.value)} aria-describedby={`${errorId}-user`} />
          <small id={`${errorId}-user`} className="muted">{t('login.userNameHint')}</small>
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} aria-describedby={`${errorId}-password`} />
          <small id={`${errorId}-password`} className="muted">{t('login.passwordHint')}</small>
        </label>
        {error && (
          <p id={errorId} className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('login.busy') : t('login.submit')}
        </button>
      </form>
    </main>
  );
}
