import { useTranslation } from 'react-i18next';
import { MONITOR_NS } from './i18n.ts';
import { useLiveStatus } from '../../realtime/live-connection.ts';

/** What the card colours mean, and whether the figures are live. */
export function MonitorLegend() {
  const { t } = useTranslation(MONITOR_NS);
  const live = useLiveStatus();
  return (
    <p className="monitor-legend">
      <span>{t('monitor.legend.red')}</span>
      <span>{t('monitor.legend.orange')}</span>
      <span>{t('monitor.legend.grey')}</span>
      <span role="status">{live.state === 'open' ? t('monitor.legend.live') : t('monitor.legend.notLive')}</span>
    </p>
  );
}
