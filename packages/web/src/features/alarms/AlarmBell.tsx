import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAlertFlag } from './alarmsApi.ts';
import { ALARMS_NS } from './i18n.ts';
import { pendingTotal, useHeldAlarms } from './pendingStore.ts';

/** The top bar's alarm bell (spec 01 §2): a dot while alarms are pending (/monitor/alertFlag); opens /alarm-log. The shell shows it only where the alarm log is allowed. */
export function AlarmBell() {
  const { t } = useTranslation(ALARMS_NS);
  const navigate = useNavigate();
  const flag = useAlertFlag(true);
  const pending = pendingTotal(useHeldAlarms());
  const dot = Boolean(flag.data) || pending > 0;
  const label = pending > 0 ? t('alarms.bell.pendingCount', { count: pending }) : dot ? t('alarms.bell.pending') : t('alarms.bell.label');
  // The count of every open alarm, whatever its age (issue 25); the dot alone while it is not known yet.
  const badge = pending > 0 ? <Badge count={pending} overflowCount={9999} size="small" offset={[4, -2]}><BellOutlined /></Badge> : <Badge dot={dot} offset={[-2, 2]}><BellOutlined /></Badge>;
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} onClick={() => navigate('/alarm-log')} icon={badge} />
    </Tooltip>
  );
}
