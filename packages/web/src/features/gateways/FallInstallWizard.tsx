import {
  FALL_INIT_WAIT_S,
  FALL_MODE_LIMITS,
  FALL_TEST_HOLD_S,
  LOCATION_MAX,
  fallRadarSaveSettings,
  fallSettingsProblems,
  type FallRadarSettings,
} from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Modal, Progress, Result, Spin, Steps, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { FallAreaSection, FallModeSection, FallOptionsSection } from './FallRadarSettingsEditor.tsx';
import { Field } from './Field.tsx';
import { GATEWAYS_KEY, useFallRadar, useRecentEvents } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';
import { useCountdown } from './useCountdown.ts';

const STEPS = ['location', 'mode', 'base', 'mount', 'zones', 'test'] as const;

/**
 * The fall-monitor install wizard (spec 02 §2): confirm the location, pick the install
 * mode, fit the base, mount the device and wait for its 3-minute initialisation, set up
 * the detection area and shielded (blind) zones, then test with a real simulated fall.
 */
export function FallInstallWizard({ deviceId, onClose }: { deviceId: string | null; onClose: () => void }) {
  const { t } = useTranslation(GATEWAYS_NS);
  const id = useId();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const radar = useFallRadar(deviceId);
  const [step, setStep] = useState(0);
  const [location, setLocation] = useState('');
  const [settings, setSettings] = useState<FallRadarSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [testSince, setTestSince] = useState<number | null>(null);
  const init = useCountdown(FALL_INIT_WAIT_S, STEPS[step] === 'mount');
  const events = useRecentEvents(deviceId, testSince ?? 0, testSince !== null);
  const fall = events.data?.find((event) => event.type === 'fall' && event.status > 0);

  useEffect(() => {
    if (radar.data && settings === null) {
      setSettings(radar.data.settings);
      setLocation(radar.data.location);
    }
  }, [radar.data, settings]);

  async function saveAndTest() {
    if (!deviceId || !settings) return;
    setSaving(true);
    try {
      await callApi(fallRadarSaveSettings, { deviceId, location, settings });
      await queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
      setTestSince(Date.now() - 1000);
      setStep(STEPS.indexOf('test'));
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  const limits = settings ? FALL_MODE_LIMITS[settings.installMode] : FALL_MODE_LIMITS.top;
  const current = STEPS[step];
  const invalid = settings ? fallSettingsProblems(settings).length > 0 : true;
  const body = !settings ? <Spin style={{ display: 'block', margin: '40px auto' }} /> : (
    <>
      {current === 'location' && (
        <>
          <Typography.Paragraph strong>{radar.data?.place ? t('gateways.fallWizard.boundTo', { place: radar.data.place }) : t('gateways.fall.unbound')}</Typography.Paragraph>
          <Typography.Paragraph>{t('gateways.fallWizard.locationHelp')}</Typography.Paragraph>
          <Field id={`${id}-location`} label={t('gateways.field.location')}>
            <Input id={`${id}-location`} maxLength={LOCATION_MAX} value={location} onChange={(event) => setLocation(event.target.value)} />
          </Field>
        </>
      )}
      {current === 'mode' && <FallModeSection settings={settings} onChange={setSettings} feedback={feedback} />}
      {current === 'base' && (
        <Typography.Paragraph>
          {t(`gateways.fallWizard.base.${settings.installMode}`, { recommended: limits.heightRecommended, min: limits.heightMin, max: limits.heightMax })}
        </Typography.Paragraph>
      )}
      {current === 'mount' && (
        <>
          <Typography.Paragraph>{t('gateways.fallWizard.mountHelp', { minutes: FALL_INIT_WAIT_S / 60 })}</Typography.Paragraph>
          <Flex vertical align="center" gap={8}>
            <Progress type="circle" percent={Math.round(((FALL_INIT_WAIT_S - init.left) / FALL_INIT_WAIT_S) * 100)} format={() => init.label} aria-label={t('gateways.fallWizard.initProgress')} />
            <Typography.Text role="status">{init.left === 0 ? t('gateways.fallWizard.initDone') : t('gateways.fallWizard.initWaiting')}</Typography.Text>
          </Flex>
        </>
      )}
      {current === 'zones' && (
        <>
          <FallAreaSection settings={settings} onChange={setSettings} feedback={feedback} />
          <FallOptionsSection settings={settings} onChange={setSettings} />
        </>
      )}
      {current === 'test' && (
        fall ? (
          <Result status="success" title={t('gateways.fallWizard.testPassed')} subTitle={t('gateways.fallWizard.testPassedAt', { time: new Date(fall.receivedAt).toLocaleTimeString() })} />
        ) : (
          <Flex vertical gap={12}>
            <Alert type="info" showIcon message={t('gateways.fallWizard.testHelp', { seconds: FALL_TEST_HOLD_S })} />
            <Flex align="center" gap={8} role="status"><Spin size="small" /> {t('gateways.fallWizard.waitingFall')}</Flex>
          </Flex>
        )
      )}
    </>
  );

  const footer = (
    <Flex justify="space-between" wrap gap={8}>
      <Button onClick={onClose}>{t(fall ? 'gateways.common.done' : 'gateways.common.close')}</Button>
      <Flex gap={8}>
        {step > 0 && current !== 'test' && <Button onClick={() => setStep(step - 1)}>{t('gateways.common.back')}</Button>}
        {current === 'zones' ? (
          <Button type="primary" loading={saving} disabled={invalid} onClick={() => void saveAndTest()}>{t('gateways.fallWizard.saveAndTest')}</Button>
        ) : current !== 'test' ? (
          <Button type="primary" disabled={current === 'location' && location.trim() === ''} onClick={() => setStep(step + 1)}>{t('gateways.common.next')}</Button>
        ) : null}
      </Flex>
    </Flex>
  );

  return (
    <Modal open={deviceId !== null} title={t('gateways.fallWizard.title', { id: deviceId ?? '' })} onCancel={onClose} footer={footer} width={760} destroyOnHidden>
      {feedback.holder}
      <Steps className="gw-wizard-steps" size="small" current={step} responsive items={STEPS.map((name) => ({ title: t(`gateways.fallWizard.step.${name}`) }))} />
      {body}
    </Modal>
  );
}
