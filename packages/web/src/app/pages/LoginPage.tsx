import { AlertOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import type { LoginResult } from '@vigil/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePlatformName, usePlatformSetting } from '../../api/platform-queries.ts';
import { PlatformLogo } from '../../components/PlatformLogo.tsx';
import { useBrandingSync, useDocumentTitle } from '../../branding/branding.ts';
import { FROM_LOGIN, safeRedirect } from '../routing/navigation.ts';
import { FastLoginBar, fastLoginParams } from './FastLoginBar.tsx';
import { LoginForm } from './LoginForm.tsx';

// The language select (antd Select with its virtual list) is a quarter of the login page's
// script; it sits in a corner, so it arrives just after the form instead of before it.
const LanguagePicker = lazy(() => import('../../components/LanguagePicker.tsx').then((m) => ({ default: m.LanguagePicker })));

/**
 * /login: platform name and logo, account and password, language; or the fast-login bar.
 * `onSignedIn` hears the address it goes to once signed in, before it navigates (the route
 * table starts that address's code there: the shell's and the screen's side by side).
 */
export function LoginPage({ onSignedIn }: { onSignedIn?: (target: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const name = usePlatformName().data?.platformName;
  const logoUrl = usePlatformSetting(null).data?.logoUrl;
  const platformName = name || t('shell.app.defaultName');
  useBrandingSync(name, undefined);
  useDocumentTitle(t('route.login'), name);

  const signedIn = (result: LoginResult) => {
    const target = safeRedirect(search.get('redirect')) ?? result.landingPath;
    onSignedIn?.(target);
    navigate(target, { replace: true, state: FROM_LOGIN });
  };
  const fast = fastLoginParams(search);
  if (fast) return <FastLoginBar params={fast} onSignedIn={signedIn} onCancel={() => setSearch({}, { replace: true })} />;

  return (
    <div className="login-page">
      <header className="login-page__language">
        <Suspense fallback={<div className="login-page__language-placeholder" />}>
          <LanguagePicker />
        </Suspense>
      </header>
      <section className="login-page__brand" aria-hidden="true">
        <PlatformLogo url={logoUrl} size={72} alt="" />
        <div className="login-page__brand-name">{platformName}</div>
        <div className="login-page__tagline">{t('shell.app.tagline')}</div>
        <ul className="login-page__features">
          <li>
            <AlertOutlined /> {t('shell.login.featureAlarms')}
          </li>
          <li>
            <FileTextOutlined /> {t('shell.login.featureReports')}
          </li>
          <li>
            <TeamOutlined /> {t('shell.login.featureCare')}
          </li>
        </ul>
      </section>
      <main className="login-card">
        <header className="login-card__header">
          <PlatformLogo url={logoUrl} size={48} alt={platformName} />
          <div>
            <h1 className="login-card__title">{platformName}</h1>
            <span className="login-card__subtitle">{t('shell.login.title')}</span>
          </div>
        </header>
        <LoginForm onSignedIn={signedIn} />
        <p className="login-card__disclaimer">
          {t('app.certification')} {t('shell.login.disclaimer')}
        </p>
      </main>
    </div>
  );
}
