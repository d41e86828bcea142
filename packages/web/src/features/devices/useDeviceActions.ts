import { useTranslation } from 'react-i18next';
import { DEVICE_KEY_GRACE_MS, deleteDevice, restartDevice, rotateDeviceKey, type Device } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useRefreshDevices } from './devicesApi.ts';
import { DEVICES_NS } from './i18n.ts';

export interface DeviceRowActions {
  open: (device: Device) => void;
  edit: (device: Device) => void;
  restart: (device: Device) => void;
  remove: (device: Device) => void;
}

/**
 * Restart and delete, each after a confirmation. An offline device's restart is refused by
 * the server (spec 02 §8: the reboot only reaches online devices) and its msg is shown.
 * A care home's delete returns the device to stock; a vendor's delete removes a stock device.
 */
export function useDeviceActions(feedback: Feedback, vendor: boolean) {
  const { t } = useTranslation(DEVICES_NS);
  const refresh = useRefreshDevices();
  const run = useActionRunner(feedback, refresh);

  const restart = (device: Device) =>
    feedback.modal.confirm({
      title: t('devices.confirm.restartTitle', { id: device.deviceId }),
      content: t('devices.confirm.restartContent'),
      okText: t('devices.action.restart'),
      cancelText: t('devices.form.cancel'),
      onOk: () => run(() => callApi(restartDevice, { id: device.id }), t('devices.message.restartSent', { id: device.deviceId })),
    });

  const remove = (device: Device) =>
    feedback.modal.confirm({
      title: t('devices.confirm.deleteTitle', { id: device.deviceId }),
      content: vendor ? t('devices.confirm.deleteVendorContent') : t('devices.confirm.deleteCareContent'),
      okText: t('devices.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('devices.form.cancel'),
      onOk: () => run(() => callApi(deleteDevice, { id: device.id }), t('devices.message.deleted', { id: device.deviceId })),
    });

  /** Vendor: a new device key (the old one works until the device uses the new one, 24 h at most). */
  const rotateKey = (device: { id: number; deviceId: string }) =>
    feedback.modal.confirm({
      title: t('devices.confirm.rotateKeyTitle', { id: device.deviceId }),
      content: t('devices.confirm.rotateKeyContent', { hours: DEVICE_KEY_GRACE_MS / 3_600_000 }),
      okText: t('devices.action.rotateKey'),
      cancelText: t('devices.form.cancel'),
      onOk: () => run(() => callApi(rotateDeviceKey, { id: device.id }), t('devices.message.rotateKeySent', { id: device.deviceId })),
    });

  return { restart, remove, rotateKey };
}
