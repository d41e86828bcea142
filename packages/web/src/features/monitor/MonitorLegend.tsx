import { Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONITOR_NS } from './i18n.ts';
import { useLiveStatus } from '../../realtime/live-connection.ts';

const SWATCHES = [
  ['green', 'monitor.legend.green'],
  ['red', 'monitor.legend.red'],
  ['orange', 'monitor.legend.orange'],
  ['nodata', 'monitor.legend.noData'],
  ['grey', 'monitor.legend.grey'],
] as const;

/**
 * What the card colours mean, each beside a small card drawn the same way, and whether the
 * figures are live. On a phone the five lines would push the cards below the first screen: there
 * the legend folds into one line of the five small cards, opened with a tap (or Enter).
 */
export function MonitorLegend() {
  const { t } = useTranslation(MONITOR_NS);
  const live = useLiveStatus();
  const phone = Grid.useBreakpoint().sm === false;
  const items = (
    <ul className="monitor-legend__items" aria-label={t('monitor.legend.label')}>
      {SWATCHES.map(([kind, key]) => (
        <li key={kind}>
          <span className={`monitor-legend__swatch monitor-legend__swatch--${kind}`} aria-hidden />
          {t(key)}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="monitor-legend">
      {phone ? (
        <details className="monitor-legend__fold">
          <summary>
            {t('monitor.legend.label')}
            <span className="monitor-legend__row" aria-hidden>
              {SWATCHES.map(([kind]) => (
                <span key={kind} className={`monitor-legend__swatch monitor-legend__swatch--${kind}`} />
              ))}
            </span>
          </summary>
          {items}
        </details>
      ) : (
        items
      )}
      <span role="status">{live.state === 'open' ? t('monitor.legend.live') : t('monitor.legend.notLive')}</span>
    </div>
  );
}
