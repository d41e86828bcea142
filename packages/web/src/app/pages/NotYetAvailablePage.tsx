import { Button, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Shown for a route the role may open whose screen is not built in this release:
 * an honest notice instead of a blank or fake screen.
 */
export function NotYetAvailablePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(titleKey, { defaultValue: titleKey });
  return (
    <Result
      className="not-yet-page"
      icon={<ClockCircleOutlined />}
      // The layout's h1 names the route; the notice is a section under it.
      title={<h2 className="status-page__title">{t('shell.pages.notYetTitle')}</h2>}
      subTitle={t('shell.pages.notYetBody', { title })}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('shell.pages.backHome')}
        </Button>
      }
    />
  );
}
