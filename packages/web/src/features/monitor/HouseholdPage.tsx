import { deviceTypeInfo, type ResidentLiveState } from '@vigil/contracts';
import { Alert, Card, Descriptions, Empty, List, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAlarmLog } from '../alarms/alarmsApi.ts';
import { shortText } from '../alarms/alarmText.ts';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { alarmLevel, bedDisplayState, STATE_LABELS } from './bedState.ts';
import { MONITOR_NS } from './i18n.ts';
import { LiveChart } from './LiveChart.tsx';
import { useResidentLive } from './liveBoard.ts';
import { useBoard } from './monitorApi.ts';
import './monitor.css';
import { RadarSite } from './RadarSite.tsx';
import { RoomSensors } from './RoomSensors.tsx';
import { useLiveData } from './useLiveData.ts';

const RECENT_ALARMS = 10;

/** A resident's household page, /realMonitor/resident?userId=: live chart (heart, breathing, movement), devices, the room's door and motion sensors now, the fall radar's current site, recent alarms. */
export function HouseholdPage() {
  const { t } = useTranslation(MONITOR_NS);
  useLiveData();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  const valid = Number.isInteger(userId) && userId > 0;
  const board = useBoard({});
  const state = useResidentLive(valid ? userId : 0);
  if (!valid) return <Alert type="error" showIcon message={t('monitor.household.noResident')} />;
  if (!state) return board.isLoading ? <Spin style={{ display: 'block', margin: '80px auto' }} /> : <Alert type="warning" showIcon message={board.isError ? errorText(board.error) : t('monitor.household.notFound')} />;
  return (
    <div className="household-grid">
      <Card title={t('monitor.household.live', { name: state.userName })} extra={<Link to={`/BunkManage/settingAlarm/alarmSetting/${userId}`}>{t('monitor.household.alarmSettings')}</Link>}>
        <Summary state={state} />
        <LiveChart userId={userId} />
      </Card>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
        <Devices state={state} />
        <RoomSensors userId={userId} />
        {state.devices
          .filter((device) => deviceTypeInfo(device.deviceType)?.kind === 'fallRadar')
          .map((device) => (
            <RadarSite key={device.deviceId} deviceId={device.deviceId} />
          ))}
        <RecentAlarms userId={userId} />
      </div>
    </div>
  );
}

function Summary({ state }: { state: ResidentLiveState }) {
  const { t } = useTranslation(MONITOR_NS);
  const display = bedDisplayState(state);
  const level = alarmLevel(state);
  // Now's numbers in words beside the chart; none out of bed, offline or not measured (0).
  const lying = display !== 'offline' && display !== 'noData' && display !== 'outOfBed' && display !== 'sensorDropped';
  const vital = (value: number | null) => (lying && value !== null && value > 0 ? t('monitor.vital.perMinute', { value: Math.round(value) }) : '—');
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ marginBottom: 12 }}>
      <Descriptions.Item label={t('monitor.household.place')}>{[state.floorArea, state.room, state.bunk].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.household.state')}>
        {t(STATE_LABELS[display])}
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.vital.hr')}>{vital(state.hr)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.vital.rr')}>{vital(state.rr)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.household.alarms')}>
        {level ? <Tag color={level === 1 ? 'red' : 'orange'}>{t('monitor.card.alarms', { count: state.openAlarms.length })}</Tag> : t('monitor.household.noAlarms')}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Devices({ state }: { state: ResidentLiveState }) {
  const { t } = useTranslation(MONITOR_NS);
  return (
    <Card title={t('monitor.household.devices')} size="small">
      <List
        dataSource={state.devices}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.household.noDevices')} /> }}
        renderItem={(device) => (
          <List.Item>
            <span style={{ overflowWrap: 'anywhere' }}>
              {deviceTypeInfo(device.deviceType)?.model ?? device.deviceType} · {device.deviceId}
            </span>
            <Tag color={device.online ? 'green' : 'default'}>{t(device.online ? 'monitor.device.online' : 'monitor.device.offline')}</Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}

function RecentAlarms({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation(MONITOR_NS);
  const log = useAlarmLog({ userId, pageNum: 1, pageSize: RECENT_ALARMS });
  return (
    <Card title={t('monitor.household.recentAlarms')} size="small" extra={<Link to="/alarm-log/alarmIndex">{t('monitor.household.allAlarms')}</Link>}>
      {log.isError ? <Alert type="error" showIcon message={errorText(log.error)} /> : null}
      <List
        loading={log.isLoading}
        dataSource={log.data?.rows ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.household.noRecentAlarms')} /> }}
        renderItem={(alarm) => (
          <List.Item>
            <Tag color={alarm.alertLevel === 1 ? 'red' : 'orange'}>{shortText(alarm, i18n.language)}</Tag>
            <span className="monitor-legend" style={{ margin: 0 }}>
              {formatDateTime(alarm.raisedAt, i18n.language)}
            </span>
          </List.Item>
        )}
      />
    </Card>
  );
}
