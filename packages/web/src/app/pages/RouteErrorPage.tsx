import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when a screen throws while rendering, instead of a blank page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <Result
        status="error"
        title={t('shell.pages.errorTitle')}
        subTitle={t('shell.pages.errorBody')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('shell.pages.reload')}
          </Button>
        }
      />
    </main>
  );
}
