import { enclosureRealtimeStart, enclosureRealtimeStop } from '@vigil/contracts';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { FallAreaEditor } from './FallAreaEditor.tsx';
import { useCurrentSite, useFallRadar } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';

/** The radar's current site (its last `site` event) on the area drawing; real-time mode reports it every second. */
export function FallSiteDialog({ deviceId, onClose }: { deviceId: string | null; onClose: () => void }) {
  const { t } = useTranslation(GATEWAYS_NS);
  const feedback = useFeedback();
  const radar = useFallRadar(deviceId);
  const site = useCurrentSite(deviceId, true);
  const [busy, setBusy] = useState(false);
  const realtime = site.data?.realtimeUntil ?? null;

  async function toggle() {
    if (!deviceId) return;
    setBusy(true);
    try {
      if (realtime) await callApi(enclosureRealtimeStop, { deviceId });
      else await callApi(enclosureRealtimeStart, { deviceId });
      await site.refetch();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  const point = site.data && site.data.present && site.data.x !== null && site.data.y !== null ? { x: site.data.x, y: site.data.y } : null;
  return (
    <Modal open={deviceId !== null} title={t('gateways.site.title', { id: deviceId ?? '' })} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      {feedback.holder}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text role="status">
          {realtime ? t('gateways.site.on', { time: new Date(realtime).toLocaleTimeString() }) : t('gateways.site.off')}
        </Typography.Text>
        <Button type={realtime ? 'default' : 'primary'} loading={busy} onClick={() => void toggle()}>
          {t(realtime ? 'gateways.site.stop' : 'gateways.site.start')}
        </Button>
      </Flex>
      {!point && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('gateways.site.none')} />}
      {radar.data && <FallAreaEditor settings={radar.data.settings} selected={null} onSelect={() => {}} onMove={() => {}} onDelete={() => {}} site={point} readOnly />}
    </Modal>
  );
}
