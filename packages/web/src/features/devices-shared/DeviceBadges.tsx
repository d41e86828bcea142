import { Badge, Flex, Tag, theme, Typography } from 'antd';
import './devices-shared.css';
import { useTranslation } from 'react-i18next';
import type { COMMAND_STATES } from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { contractMessage, isContractMessageKey } from '../shared/contractRule.ts';
import { describeType } from './deviceTypes.ts';
import { DEVICES_SHARED_NS } from './i18n.ts';

const DASH = '—';
/** Signal levels run 0–5 (device protocol v1, StatusMessage.signal). */
export const SIGNAL_LEVEL_MAX = 5;
/** Battery below this percentage is shown as low. */
export const BATTERY_LOW_PERCENT = 20;

/** Online or offline, as a dot and a word (the word carries the meaning, not the colour). */
export function DeviceOnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation(DEVICES_SHARED_NS);
  return <Badge style={{ whiteSpace: 'nowrap' }} status={online ? 'success' : 'default'} text={online ? t('devicesShared.online') : t('devicesShared.offline')} />;
}

/** Battery percentage; low battery in the warning text colour; a dash when not reported. */
export function BatteryLevel({ percent }: { percent: number | null | undefined }) {
  const { t } = useTranslation(DEVICES_SHARED_NS);
  const { token } = theme.useToken();
  if (percent === null || percent === undefined) return <span aria-label={t('devicesShared.batteryUnknown')}>{DASH}</span>;
  const low = percent < BATTERY_LOW_PERCENT;
  const label = low ? t('devicesShared.batteryLow', { percent }) : t('devicesShared.battery', { percent });
  return (
    <span role="img" aria-label={label} title={label} style={{ whiteSpace: 'nowrap', color: low ? token.colorWarningText : undefined }}>
      <span aria-hidden className="device-battery">
        <span className="device-battery__fill" style={{ width: `${Math.max(0, Math.min(100, percent))}%`, background: low ? token.colorWarningText : token.colorSuccessText }} />
      </span>{' '}
      <span aria-hidden>{percent}%</span>
    </span>
  );
}

/** Signal strength as five bars plus the level in words for screen readers; a dash when not reported. */
export function SignalLevel({ level }: { level: number | null | undefined }) {
  const { t } = useTranslation(DEVICES_SHARED_NS);
  const { token } = theme.useToken();
  if (level === null || level === undefined) return <span aria-label={t('devicesShared.signalUnknown')}>{DASH}</span>;
  const label = t('devicesShared.signal', { level, max: SIGNAL_LEVEL_MAX });
  return (
    <span role="img" aria-label={label} title={label} className="device-signal">
      {Array.from({ length: SIGNAL_LEVEL_MAX }, (_, index) => (
        <span
          key={index}
          aria-hidden
          className="device-signal__bar"
          style={{ height: 4 + index * 2.5, background: index < level ? token.colorText : token.colorBorder }}
        />
      ))}
    </span>
  );
}

/** Mains power connected or not; a dash when not reported. */
export function PowerState({ power }: { power: boolean | null | undefined }) {
  const { t } = useTranslation(DEVICES_SHARED_NS);
  if (power === null || power === undefined) return <>{DASH}</>;
  return <span style={{ whiteSpace: 'nowrap' }}>{power ? t('devicesShared.powerOn') : t('devicesShared.powerOff')}</span>;
}

/** The model and the kind of a numeric device type, from the catalogue ("BM8701-2 · Sleep monitor"). */
export function DeviceTypeLabel({ type, compact = false }: { type: number; compact?: boolean }) {
  const { t } = useTranslation(DEVICES_SHARED_NS);
  const { model, kindKey } = describeType(type);
  const kind = kindKey ? t(kindKey) : t('devicesShared.unknownType', { type });
  if (compact) return <span style={{ whiteSpace: 'nowrap' }}>{model}</span>;
  return (
    <Flex vertical>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>{model}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {kind}
      </Typography.Text>
    </Flex>
  );
}

/** What became of the last command sent to a device (settings, restart …): the contract's command states. */
export type CommandState = (typeof COMMAND_STATES)[number];

const COMMAND_TAG = {
  pending: { color: 'processing', key: 'devicesShared.command.pending' },
  acked: { color: 'success', key: 'devicesShared.command.acknowledged' },
  failed: { color: 'error', key: 'devicesShared.command.failed' },
  timeout: { color: 'warning', key: 'devicesShared.command.timedOut' },
} as const satisfies Record<CommandState, { color: string; key: string }>;

/**
 * The state of the last command as a tag with words, and the reason when there is one
 * (role status, so a change is announced). The server records its own reasons as message
 * keys (e.g. `device.offline`), shown in the interface language; a device's text as it is.
 */
export function CommandStateTag({ state, message }: { state: CommandState; message?: string }) {
  const { t } = useTranslation(DEVICES_SHARED_NS);
  const language = useLanguage();
  const { color, key } = COMMAND_TAG[state];
  const reason = message ? (isContractMessageKey(message, language) ? contractMessage(message, language) : message) : '';
  return (
    <span role="status">
      <Tag color={color}>{t(key)}</Tag>
      {reason && <Typography.Text type="secondary">{reason}</Typography.Text>}
    </span>
  );
}
