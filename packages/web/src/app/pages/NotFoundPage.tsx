import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/StatusPage.tsx';

/** /404: the page does not exist. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage status="404" title={t('shell.pages.notFoundTitle')} description={t('shell.pages.notFoundBody')} />;
}
