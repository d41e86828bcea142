import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../branding/branding.ts';

export interface StatusPageProps {
  status: ResultProps['status'];
  title: string;
  description: string;
  /** Shows a button back to the landing page. */
  homeButton?: boolean;
}

/** A full-width message page (not found, no permission, not yet available). */
export function StatusPage({ status, title, description, homeButton = true }: StatusPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <main className="status-page">
      <Result
        status={status}
        title={<h1 className="status-page__title">{title}</h1>}
        subTitle={description}
        extra={
          homeButton ? (
            <Button type="primary" onClick={() => navigate('/')}>
              {t('shell.pages.backHome')}
            </Button>
          ) : null
        }
      />
    </main>
  );
}
