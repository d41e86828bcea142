import { GATEWAY_WIZARD, heSubDevicePair2, type SubDevice } from '@vigil/contracts';
import { Alert, Button, Flex, Modal, Spin, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { usePairStatus } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';
import { OnlineTag } from './OnlineTag.tsx';
import { useCountdown } from './useCountdown.ts';

const STEPS = ['power', 'pair', 'test'] as const;

function SubDeviceLine({ sub, showTest }: { sub: SubDevice; showTest: boolean }) {
  const { t } = useTranslation(GATEWAYS_NS);
  const weak = sub.signal !== null && sub.signal < GATEWAY_WIZARD.signalLevelMin;
  return (
    <li>
      <Typography.Text strong>{sub.deviceId}</Typography.Text>
      <span>{sub.model}</span>
      <Tag color={sub.pairing === 'paired' ? 'green' : 'default'}>{t(`gateways.pairing.${sub.pairing}`)}</Tag>
      {sub.signal !== null && <Tag color={weak ? 'orange' : 'blue'}>{t('gateways.column.signalLevel', { level: sub.signal })}</Tag>}
      {weak && <Typography.Text type="warning">{t('gateways.wizard.weakSignal', { level: GATEWAY_WIZARD.signalLevelMin })}</Typography.Text>}
      {showTest && sub.pairing === 'paired' && <Tag color={sub.tested ? 'green' : 'gold'}>{t(sub.tested ? 'gateways.tested.yes' : 'gateways.tested.no')}</Tag>}
    </li>
  );
}

/**
 * The gateway pairing wizard (spec 02 §2, §9 numbers): power the host on and wait for
 * its network, open its pairing window and hold each sub-device's pairing button, watch
 * the sub-devices appear as they pair, then test each one. Driven by the devices' own
 * events: it polls the host's pairing status.
 */
export function PairingWizard({ hostId, onClose }: { hostId: string | null; onClose: () => void }) {
  const { t } = useTranslation(GATEWAYS_NS);
  const feedback = useFeedback();
  const [step, setStep] = useState(0);
  const [opening, setOpening] = useState(false);
  const status = usePairStatus(hostId, hostId !== null);
  const host = status.data;
  const windowLeft = useCountdown(host?.pairingUntil ? Math.max(0, Math.round((host.pairingUntil - Date.now()) / 1000)) : 0, Boolean(host?.pairingUntil));
  const current = STEPS[step];

  async function openWindow() {
    if (!hostId) return;
    setOpening(true);
    try {
      await callApi(heSubDevicePair2, { hostId });
      await status.refetch();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setOpening(false);
    }
  }

  const subs = host?.subDevices ?? [];
  const footer = (
    <Flex justify="space-between" wrap gap={8}>
      <Button onClick={onClose}>{t('gateways.common.close')}</Button>
      <Flex gap={8}>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('gateways.common.back')}</Button>}
        {step < STEPS.length - 1 && <Button type="primary" onClick={() => setStep(step + 1)}>{t('gateways.common.next')}</Button>}
      </Flex>
    </Flex>
  );

  return (
    <Modal open={hostId !== null} title={t('gateways.wizard.title', { id: hostId ?? '' })} onCancel={onClose} footer={footer} width={680} destroyOnHidden>
      {feedback.holder}
      <Steps className="gw-wizard-steps" size="small" current={step} responsive items={STEPS.map((name) => ({ title: t(`gateways.wizard.step.${name}`) }))} />
      {!host && <Spin style={{ display: 'block', margin: '40px auto' }} />}
      {host && current === 'power' && (
        <Flex vertical gap={12}>
          <ol>
            <li>{t('gateways.wizard.power', { min: GATEWAY_WIZARD.powerButtonS[0], max: GATEWAY_WIZARD.powerButtonS[1] })}</li>
            <li>{t('gateways.wizard.wifi', { distance: GATEWAY_WIZARD.wifiDistanceM })}</li>
            <li>{t('gateways.wizard.networkWait', { minutes: GATEWAY_WIZARD.networkWaitS / 60 })}</li>
          </ol>
          <Typography.Paragraph type="secondary">{t('gateways.wizard.reset', { seconds: GATEWAY_WIZARD.resetButtonS })}</Typography.Paragraph>
          <Flex align="center" gap={8} role="status">{t('gateways.wizard.hostIs')} <OnlineTag online={host.online} /></Flex>
        </Flex>
      )}
      {host && current === 'pair' && (
        <Flex vertical gap={12}>
          {!host.online && <Alert type="warning" showIcon message={t('gateways.wizard.hostOffline')} />}
          <Typography.Paragraph>{t('gateways.wizard.pairHelp', { seconds: GATEWAY_WIZARD.pairButtonS, level: GATEWAY_WIZARD.signalLevelMin })}</Typography.Paragraph>
          <Flex align="center" gap={12} wrap>
            <Button type="primary" loading={opening} disabled={!host.online} onClick={() => void openWindow()}>{t('gateways.wizard.openWindow')}</Button>
            <Typography.Text role="status">{host.pairingUntil ? t('gateways.wizard.windowOpen', { time: windowLeft.label }) : t('gateways.wizard.windowClosed')}</Typography.Text>
          </Flex>
          <Typography.Title level={5}>{t('gateways.wizard.subDevices', { count: subs.length })}</Typography.Title>
          {subs.length === 0 ? <Typography.Paragraph type="secondary">{t('gateways.wizard.noneYet')}</Typography.Paragraph> : (
            <ul className="gw-device-list" aria-live="polite">{subs.map((sub) => <SubDeviceLine key={sub.id} sub={sub} showTest={false} />)}</ul>
          )}
        </Flex>
      )}
      {host && current === 'test' && (
        <Flex vertical gap={12}>
          <Typography.Paragraph>{t('gateways.wizard.testHelp')}</Typography.Paragraph>
          {subs.length === 0 ? <Typography.Paragraph type="secondary">{t('gateways.wizard.noneYet')}</Typography.Paragraph> : (
            <ul className="gw-device-list" aria-live="polite">{subs.map((sub) => <SubDeviceLine key={sub.id} sub={sub} showTest />)}</ul>
          )}
        </Flex>
      )}
    </Modal>
  );
}
