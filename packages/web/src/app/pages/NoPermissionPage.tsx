import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/StatusPage.tsx';

/** /noPermission: the role may not open the page it asked for. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  return <StatusPage status="403" title={t('shell.pages.noPermissionTitle')} description={t('shell.pages.noPermissionBody')} />;
}
