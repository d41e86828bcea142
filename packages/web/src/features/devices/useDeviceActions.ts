import { useTranslation } from 'react-i18next';
import { DEVICE_KEY_GRACE_MS, deleteDevice, restartDevice, rotateDeviceKey, syncAllThirdDevice, syncThirdDevice, deviceTypeInfo, type Device } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useRefreshDevices } from './devicesApi.ts';
import { DEVICES_NS } from './i18n.ts';

export interface DeviceRowActions {
  open: (device: Device) => void;
  edit: (device: Device) => void;
  restart: (device: Device) => void;
  remove: (device: Device) => void;
  /** Care homes: bind or change the binding from the list (issue 25 item 17). */
  bind?: (device: Device) => void;
  /** Vendor roles, NB-IoT devices on the carrier's platform: bring it up to date from there. */
  syncCarrier?: (device: Device) => void;
}

/** A device the carrier's NB-IoT platform reports for (spec 02 §7 /device/syncThirdDevice). */
export const onCarrier = (device: Pick<Device, 'deviceType' | 'hostId'>): boolean => device.hostId === null && (deviceTypeInfo(device.deviceType)?.links.includes('carrier') ?? false);

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

  /** Vendor: one NB-IoT device from the carrier's platform (by its IMEI). */
  const syncCarrier = (device: Device) => run(() => callApi(syncThirdDevice, { deviceId: device.deviceId }), t('devices.message.carrierSynced', { id: device.deviceId }));

  /** Vendor: the carrier's whole device list (new catalogue models go into stock). */
  const syncAllCarrier = async () => {
    try {
      const result = await callApi(syncAllThirdDevice, {});
      feedback.message.success(t('devices.message.carrierSyncedAll', { total: result.total, updated: result.updated, added: result.added }));
      await refresh();
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };

  return { restart, remove, rotateKey, syncCarrier, syncAllCarrier };
}
