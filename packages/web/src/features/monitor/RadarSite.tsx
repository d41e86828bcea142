import { useQuery } from '@tanstack/react-query';
import { enclosureCurrentSite } from '@vigil/contracts';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { FallAreaEditor } from '../gateways/FallAreaEditor.tsx';
import { GATEWAYS_KEY, useFallRadar } from '../gateways/gatewaysApi.ts';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { MONITOR_NS } from './i18n.ts';

/** How often the household page reads the radar's site: every second in real-time mode, else every 5 s. */
const SITE_POLL_MS = 5000;
const REALTIME_POLL_MS = 1000;

const metres = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/**
 * Where the person is by the fall radar (its last `site` event, spec 02 §2 household
 * page): in the radar's area or not, the position in metres from the device and when it
 * was measured, drawn on the radar's detection area. The radar reports its site every
 * second in real-time mode (started from the device screens) and on changes otherwise.
 */
export function RadarSite({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation(MONITOR_NS);
  const radar = useFallRadar(deviceId);
  const site = useQuery({
    queryKey: [...GATEWAYS_KEY, 'site', deviceId, 'household'],
    queryFn: () => callApi(enclosureCurrentSite, { deviceId }),
    refetchInterval: (query) => (query.state.data?.realtimeUntil ? REALTIME_POLL_MS : SITE_POLL_MS),
  });
  const data = site.data;
  const point = data && data.present && data.x !== null && data.y !== null ? { x: data.x, y: data.y } : null;
  const time = data?.at ? formatDateTime(data.at, i18n.language) : '';
  let text: string;
  if (!data || data.at === null) text = t('monitor.household.radarSiteUnavailable');
  else if (point) text = t('monitor.household.siteAt', { x: metres(point.x), y: metres(point.y), time });
  else text = t('monitor.household.siteNobody', { time });
  return (
    <Card title={t('monitor.household.radarSite')} extra={<span style={{ overflowWrap: 'anywhere' }}>{deviceId}</span>} size="small" data-testid="radar-site">
      {site.isError ? <Alert type="error" showIcon message={errorText(site.error)} /> : null}
      <Typography.Paragraph role="status" style={{ marginBottom: 8 }}>
        {text}
        {data?.realtimeUntil ? ` · ${t('monitor.household.siteRealtime')}` : ''}
      </Typography.Paragraph>
      {radar.data ? (
        <div className="radar-site">
          <FallAreaEditor settings={radar.data.settings} selected={null} onSelect={() => {}} onMove={() => {}} onDelete={() => {}} site={point} readOnly />
        </div>
      ) : null}
    </Card>
  );
}
