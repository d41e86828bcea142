import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../shared/useFeedback.tsx';
import { DEVICES_NS } from './i18n.ts';

const MASK = '•'.repeat(24);

/** The device's protocol secret, shown like an access token: hidden until revealed, copyable without revealing. */
export function DeviceKeyField({ deviceKey, feedback, onRotate }: { deviceKey: string; feedback: Feedback; onRotate?: () => void }) {
  const { t } = useTranslation(DEVICES_NS);
  const [shown, setShown] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(deviceKey);
      feedback.message.success(t('devices.key.copied'));
    } catch {
      feedback.message.error(t('devices.key.copyFailed'));
    }
  };
  return (
    <Flex gap={4} align="center" wrap>
      {shown ? (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {deviceKey}
        </Typography.Text>
      ) : (
        <>
          <Typography.Text code aria-hidden>
            {MASK}
          </Typography.Text>
          <span className="visually-hidden">{t('devices.key.hidden')}</span>
        </>
      )}
      <Tooltip title={shown ? t('devices.key.hide') : t('devices.key.reveal')}>
        <Button size="small" type="text" icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />} aria-label={shown ? t('devices.key.hide') : t('devices.key.reveal')} aria-pressed={shown} onClick={() => setShown(!shown)} />
      </Tooltip>
      <Tooltip title={t('devices.key.copy')}>
        <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('devices.key.copy')} onClick={() => void copy()} />
      </Tooltip>
      {onRotate && (
        <Button size="small" icon={<KeyOutlined />} onClick={onRotate}>
          {t('devices.action.rotateKey')}
        </Button>
      )}
    </Flex>
  );
}
