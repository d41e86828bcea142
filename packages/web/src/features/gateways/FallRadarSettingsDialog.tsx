import { fallRadarSaveSettings, fallSettingsProblems, type FallRadarSettings } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Divider, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { FallAreaSection, FallModeSection, FallOptionsSection } from './FallRadarSettingsEditor.tsx';
import { GATEWAYS_KEY, useFallRadar } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';

export interface FallRadarSettingsDialogProps {
  /** The radar to edit; null closes the dialog. */
  deviceId: string | null;
  onClose: () => void;
}

/**
 * The fall-monitor settings dialog (spec 02 §3): install mode and height, detection area
 * and walls, shielded areas, sensitivity and buzzer. Reusable: the overseas fall-monitor
 * screen opens it, and so can the main device screen for domestic radars (ED719N).
 */
export function FallRadarSettingsDialog({ deviceId, onClose }: FallRadarSettingsDialogProps) {
  const { t } = useTranslation(GATEWAYS_NS);
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const radar = useFallRadar(deviceId);
  const [settings, setSettings] = useState<FallRadarSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setSettings(radar.data?.settings ?? null);
  }, [radar.data]);
  const invalid = settings ? fallSettingsProblems(settings).length > 0 : true;

  async function save() {
    if (!deviceId || !settings) return;
    setSaving(true);
    try {
      const result = await callApi(fallRadarSaveSettings, { deviceId, settings });
      feedback.message.success(t(result.sent ? 'gateways.fall.savedSent' : 'gateways.fall.savedPending'));
      await queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
      onClose();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={deviceId !== null}
      title={t('gateways.fall.settingsTitle', { id: deviceId ?? '' })}
      okText={t('gateways.common.save')}
      cancelText={t('gateways.common.cancel')}
      okButtonProps={{ loading: saving, disabled: invalid }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      {feedback.holder}
      {radar.isError && <Alert type="error" showIcon message={errorText(radar.error)} />}
      {!settings && !radar.isError && <Spin style={{ display: 'block', margin: '40px auto' }} />}
      {settings && (
        <>
          <FallModeSection settings={settings} onChange={setSettings} feedback={feedback} />
          <Divider />
          <FallAreaSection settings={settings} onChange={setSettings} feedback={feedback} />
          <Divider />
          <FallOptionsSection settings={settings} onChange={setSettings} />
        </>
      )}
    </Modal>
  );
}
