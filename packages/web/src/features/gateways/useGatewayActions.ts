import { heDeleteDevice, heSubDevicePair, heSubDeviceUnPair, type SubDevice } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { confirmAsync } from '../care-shared/confirmAsync.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { GATEWAYS_KEY } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';

/** Row actions on hosts and sub-devices: pair, unpair and delete (deletes confirm first). */
export function useGatewayActions(feedback: Feedback) {
  const { t } = useTranslation(GATEWAYS_NS);
  const queryClient = useQueryClient();
  const run = useActionRunner(feedback, () => queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY }));
  return {
    pair: (sub: SubDevice) => run(() => callApi(heSubDevicePair, { deviceId: sub.deviceId }), t('gateways.pairing.started')),
    unpair: async (sub: SubDevice) => {
      const ok = await confirmAsync(feedback, { title: t('gateways.confirm.unpair', { id: sub.deviceId }), okText: t('gateways.action.unpair'), cancelText: t('gateways.common.cancel'), danger: true });
      if (ok) await run(() => callApi(heSubDeviceUnPair, { deviceId: sub.deviceId }), t('gateways.pairing.unpaired'));
    },
    remove: async (device: { deviceId: string; deviceType: number }) => {
      const ok = await confirmAsync(feedback, { title: t('gateways.confirm.delete', { id: device.deviceId }), content: t('gateways.confirm.deleteHelp'), okText: t('gateways.common.delete'), cancelText: t('gateways.common.cancel'), danger: true });
      if (ok) await run(() => callApi(heDeleteDevice, device), t('gateways.common.deleted'));
    },
  };
}
export type GatewayActions = ReturnType<typeof useGatewayActions>;
