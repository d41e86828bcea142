import { ApiOutlined } from '@ant-design/icons';
import { SOCKET_RECONNECT_MS } from '@vigil/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../realtime/live-connection.ts';
import { ALARMS_NS } from './i18n.ts';

/**
 * The live connection in the top bar: nothing while it works; otherwise "connecting",
 * "live updates off" (refused login or lost connection) or "no live updates in this
 * browser" (no WebSocket), never silently (spec 02 §7, issue 10).
 */
export function LiveStatus({ compact }: { compact: boolean }) {
  const { t } = useTranslation(ALARMS_NS);
  const { state, loginFailed, opens } = useLiveStatus();
  if (state === 'open' || state === 'idle') return null;
  const { text, hint, color } =
    state === 'unsupported'
      ? { text: t('alarms.live.unsupported'), hint: t('alarms.live.unsupportedHint'), color: 'red' }
      : loginFailed
        ? { text: t('alarms.live.off'), hint: t('alarms.live.loginFailed'), color: 'red' }
        : state === 'connecting' && opens === 0
          ? { text: t('alarms.live.connecting'), hint: t('alarms.live.connectingHint'), color: 'default' }
          : { text: t('alarms.live.off'), hint: t('alarms.live.reconnecting', { seconds: SOCKET_RECONNECT_MS / 1000 }), color: 'orange' };
  return (
    <Tooltip title={hint}>
      <Tag color={color} icon={<ApiOutlined />} role="status" aria-label={`${text}. ${hint}`} className="live-status">
        {compact ? null : text}
      </Tag>
    </Tooltip>
  );
}
