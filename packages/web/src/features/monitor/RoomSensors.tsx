import { useQuery } from '@tanstack/react-query';
import { heRoomSensors, type RoomSensor, type SensorState } from '@vigil/contracts';
import { Alert, Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { GATEWAYS_KEY } from '../gateways/gatewaysApi.ts';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { MONITOR_NS } from './i18n.ts';

/** The door and motion states are read again this often, as on the security-equipment screen. */
const SENSOR_REFRESH_MS = 5000;

/** Outline icons (beside the words, never alone): a closed door, an open door, a person, nobody. */
function SensorIcon({ state }: { state: SensorState | null }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true, focusable: false };
  switch (state) {
    case 'closed':
      return <svg {...common}><rect x="6" y="3" width="12" height="18" rx="1" /><circle cx="15" cy="12" r="0.8" fill="currentColor" /></svg>;
    case 'open':
      return <svg {...common}><rect x="6" y="3" width="12" height="18" rx="1" strokeDasharray="2 2" /><path d="M6 3l7 2.5v17L6 21z" /><circle cx="11" cy="13" r="0.8" fill="currentColor" /></svg>;
    case 'occupied':
      return <svg {...common}><circle cx="12" cy="6" r="2.5" /><path d="M7 21v-6a5 5 0 0 1 10 0v6" /></svg>;
    case 'unoccupied':
      return <svg {...common}><circle cx="12" cy="6" r="2.5" strokeDasharray="2 2" /><path d="M7 21v-6a5 5 0 0 1 10 0v6" strokeDasharray="2 2" /><path d="M4 4l16 16" /></svg>;
    default:
      return <svg {...common}><circle cx="12" cy="12" r="8" /><path d="M12 8v5M12 16v.5" /></svg>;
  }
}

function SensorItem({ sensor }: { sensor: RoomSensor }) {
  const { t, i18n } = useTranslation(MONITOR_NS);
  const state = sensor.sensorState === null ? t('monitor.sensors.unknown') : t(`monitor.sensors.${sensor.sensorState}`);
  const alert = sensor.sensorState === 'open' || sensor.sensorState === 'occupied';
  const details = [sensor.location, `${sensor.model} · ${sensor.deviceId}`, sensor.sensorStateAt === null ? '' : t('monitor.sensors.since', { time: formatDateTime(sensor.sensorStateAt, i18n.language) }), sensor.online ? '' : t('monitor.sensors.offline')].filter(Boolean);
  return (
    <List.Item data-testid="room-sensor">
      <div style={{ display: 'flex', gap: 10, alignItems: 'flex-start', minWidth: 0 }}>
        <span className={`room-sensor-icon${alert ? ' room-sensor-icon-active' : ''}`}><SensorIcon state={sensor.sensorState} /></span>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{t(`monitor.sensors.${sensor.kind}`)}: {state}</Typography.Text>
          <div className="monitor-legend" style={{ margin: 0, overflowWrap: 'anywhere' }}>{details.join(' · ')}</div>
        </div>
      </div>
    </List.Item>
  );
}

/**
 * The door and motion sensors of the resident's room with what they say now (spec 02 §4):
 * door open or closed, motion occupied or unoccupied, in words with an icon, read every 5 s
 * through the same latest-report store as the security-equipment screen.
 */
export function RoomSensors({ userId }: { userId: number }) {
  const { t } = useTranslation(MONITOR_NS);
  const sensors = useQuery({
    queryKey: [...GATEWAYS_KEY, 'roomSensors', userId],
    queryFn: () => callApi(heRoomSensors, { userId }),
    refetchInterval: SENSOR_REFRESH_MS,
  });
  const empty = sensors.data?.roomId === null ? t('monitor.sensors.noRoom') : t('monitor.sensors.empty');
  return (
    <Card title={t('monitor.sensors.title')} size="small" data-testid="room-sensors">
      {sensors.isError ? <Alert type="error" showIcon message={errorText(sensors.error)} /> : null}
      <div role="status" aria-live="polite">
        <List
          loading={sensors.isLoading}
          dataSource={sensors.data?.sensors ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
          renderItem={(sensor) => <SensorItem sensor={sensor} />}
        />
      </div>
    </Card>
  );
}
