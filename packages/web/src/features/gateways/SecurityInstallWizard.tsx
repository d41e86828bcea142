import { SECURITY_INSTALL, deviceTypeInfo, type RecentDeviceEvent } from '@vigil/contracts';
import { Button, Flex, Modal, Spin, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecentEvents } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';

const STEPS = ['place', 'test'] as const;

/** What the test step waits for: the door opening and closing, or motion. */
function checks(kind: 'door' | 'motion', events: readonly RecentDeviceEvent[]): { key: 'open' | 'close' | 'motion'; done: boolean }[] {
  if (kind === 'door') {
    return [
      { key: 'open', done: events.some((event) => event.type === 'door' && event.status === 1) },
      { key: 'close', done: events.some((event) => event.type === 'door' && event.status === 0) },
    ];
  }
  return [{ key: 'motion', done: events.some((event) => event.type === 'motion' && event.status === 1) }];
}

/**
 * Door-sensor and motion-sensor install wizard (spec 02 §2, §9): where to fit it (motion
 * sensor 1.8–2.2 m high, door magnet gap under 1 cm), then open and close the door or walk
 * past, and see the device's own events arrive.
 */
export function SecurityInstallWizard({ device, onClose }: { device: { deviceId: string; deviceType: number } | null; onClose: () => void }) {
  const { t } = useTranslation(GATEWAYS_NS);
  const [step, setStep] = useState(0);
  const [since, setSince] = useState<number | null>(null);
  const kind = device && deviceTypeInfo(device.deviceType)?.kind === 'doorMagnet' ? 'door' : 'motion';
  const events = useRecentEvents(device?.deviceId ?? null, since ?? 0, since !== null);
  const list = checks(kind, events.data ?? []);
  const allDone = list.every((check) => check.done);

  const footer = (
    <Flex justify="space-between" wrap gap={8}>
      <Button onClick={onClose}>{t(allDone && since !== null ? 'gateways.common.done' : 'gateways.common.close')}</Button>
      <Flex gap={8}>
        {step > 0 && <Button onClick={() => { setStep(0); setSince(null); }}>{t('gateways.common.back')}</Button>}
        {step === 0 && <Button type="primary" onClick={() => { setStep(1); setSince(Date.now() - 1000); }}>{t('gateways.common.next')}</Button>}
      </Flex>
    </Flex>
  );

  return (
    <Modal open={device !== null} title={t('gateways.security.title', { id: device?.deviceId ?? '' })} onCancel={onClose} footer={footer} width={600} destroyOnHidden>
      <Steps className="gw-wizard-steps" size="small" current={step} responsive items={STEPS.map((name) => ({ title: t(`gateways.security.step.${name}`) }))} />
      {step === 0 && (
        <Typography.Paragraph>
          {kind === 'door'
            ? t('gateways.security.placeDoor', { gap: SECURITY_INSTALL.doorGapCmMax })
            : t('gateways.security.placeMotion', { min: SECURITY_INSTALL.motionHeightM[0], max: SECURITY_INSTALL.motionHeightM[1] })}
        </Typography.Paragraph>
      )}
      {step === 1 && (
        <Flex vertical gap={12}>
          <Typography.Paragraph>{t(kind === 'door' ? 'gateways.security.testDoor' : 'gateways.security.testMotion')}</Typography.Paragraph>
          <ul className="gw-device-list" aria-live="polite">
            {list.map((check) => (
              <li key={check.key}>
                <span>{t(`gateways.security.check.${check.key}`)}</span>
                {check.done ? <Tag color="green">{t('gateways.security.seen')}</Tag> : <Flex gap={6} align="center"><Spin size="small" /> {t('gateways.security.waiting')}</Flex>}
              </li>
            ))}
          </ul>
          {allDone && <Typography.Text type="success" role="status">{t('gateways.security.passed')}</Typography.Text>}
        </Flex>
      )}
    </Modal>
  );
}
