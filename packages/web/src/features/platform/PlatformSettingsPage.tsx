import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlatformSetting } from '../../api/platform-queries.ts';
import { useSession } from '../../session/session-store.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { CareHomeTimeZone } from './CareHomeTimeZone.tsx';
import { PlatformSettingsForm } from './PlatformSettingsForm.tsx';
import { PLATFORM_NS } from './i18n.ts';
import { TimeZoneSetting } from './TimeZoneSetting.tsx';

/** Settings > Platform settings: platform name and logo. */
export function PlatformSettingsPage() {
  const { t } = useTranslation(PLATFORM_NS);
  const session = useSession();
  const feedback = useFeedback();
  const setting = usePlatformSetting(session?.userId ?? null);

  let body;
  if (setting.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (setting.isError) {
    body = (
      <Alert type="error" showIcon message={t('platform.settings.loadFailed')} description={errorText(setting.error)}
        action={<Button onClick={() => void setting.refetch()}>{t('platform.settings.retry')}</Button>} />
    );
  } else {
    // Keyed by the saved values so the form starts over from what the server holds after each save.
    const { name, logoUrl } = setting.data;
    body = <PlatformSettingsForm key={`${name}\u0000${logoUrl}`} initial={{ name, logoUrl }} feedback={feedback} />;
  }

  return (
    <Card title={t('platform.settings.title')}>
      {feedback.holder}
      {body}
      {session ? <TimeZoneSetting role={session.role} feedback={feedback} /> : null}
      {session ? <CareHomeTimeZone role={session.role} feedback={feedback} /> : null}
    </Card>
  );
}
