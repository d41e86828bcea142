import { AlertOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import type { LoginResult } from '@vigil/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePlatformName, usePlatformSetting } from '../../api/platform-queries.ts';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { PlatformLogo } from '../../components/PlatformLogo.tsx';
import { useBrandingSync, useDocumentTitle } from '../branding.ts';
import { FROM_LOGIN, safeRedirect } from '../routing/navigation.ts';
import { FastLoginBar, fastLoginParams } from './FastLoginBar.tsx';
import { LoginForm } from './LoginForm.tsx';

/** /login: platform name and logo, account and password, language; or the fast-login bar. */
export function LoginPage() {
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
    navigate(target, { replace: true, state: FROM_LOGIN });
  };
  const fast = fastLoginParams(search);
  if (fast) return <FastLoginBar params={fast} onSignedIn={signedIn} onCancel={() => setSearch({}, { replace: true })} />;

  return (
    <div className="login-page">
      <header className="login-page__language">
        <LanguagePicker variant="select" />
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
            <Typography.Title level={1} className="login-card__title">
              {platformName}
            </Typography.Title>
            <Typography.Text type="secondary">{t('shell.login.title')}</Typography.Text>
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
