import { VERSION_LABEL_PREFIX } from '@vigil/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerVersion } from '../../api/platform-queries.ts';
import { formatDateTime } from '../../features/shared/formatDateTime.ts';
import { useLanguage } from '../../i18n/index.ts';
import { registerClick } from './version-clicks.ts';

/** "V1.7_<server version>" at the foot of the sidebar; ten clicks within 8 s toggle the detail. */
export function VersionLabel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const version = useServerVersion().data;
  const clicks = useRef<number[]>([]);
  const [detail, setDetail] = useState(false);

  const onClick = () => {
    const result = registerClick(clicks.current, Date.now());
    clicks.current = result.times;
    if (result.toggle) setDetail((shown) => !shown);
  };

  return (
    <div className="version-label">
      {/* A plain text label to the eye; the click count is a hidden maintenance gesture. */}
      <span className="version-label__text" onClick={onClick} data-testid="version-label">
        {VERSION_LABEL_PREFIX}
        {version?.version ?? ''}
      </span>
      {detail && version ? (
        <dl className="version-label__detail" aria-label={t('shell.sidebar.versionLabel')}>
          <dt>{t('shell.sidebar.versionLabel')}</dt>
          <dd>{version.version}</dd>
          <dt>{t('shell.sidebar.commit')}</dt>
          <dd>{version.commit}</dd>
          <dt>{t('shell.sidebar.database')}</dt>
          <dd>{version.database}</dd>
          <dt>{t('shell.sidebar.startedAt')}</dt>
          <dd>{formatDateTime(version.startedAt, language)}</dd>
        </dl>
      ) : null}
    </div>
  );
}
