import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAlertFlag } from './alarmsApi.ts';
import { ALARMS_NS } from './i18n.ts';
import { pendingOnly, useHeldAlarms } from './pendingStore.ts';

/** The top bar's alarm bell (spec 01 §2): a dot while alarms are pending (/monitor/alertFlag); opens /alarm-log. The shell shows it only where the alarm log is allowed. */
export function AlarmBell() {
  const { t } = useTranslation(ALARMS_NS);
  const navigate = useNavigate();
  const flag = useAlertFlag(true);
  const pending = pendingOnly(useHeldAlarms()).length;
  const dot = Boolean(flag.data) || pending > 0;
  const label = dot ? t('alarms.bell.pending') : t('alarms.bell.label');
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} onClick={() => navigate('/alarm-log')} icon={<Badge dot={dot} offset={[-2, 2]}><BellOutlined /></Badge>} />
    </Tooltip>
  );
}
