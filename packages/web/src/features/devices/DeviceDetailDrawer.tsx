import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Grid, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTypeInfo, type DeviceDetail } from '@vigil/contracts';
import { BatteryLevel, CommandStateTag, DeviceOnlineBadge, DeviceTypeLabel, PowerState, SignalLevel } from '../devices-shared/DeviceBadges.tsx';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { DeviceKeyField } from './DeviceKeyField.tsx';
import { bindingText, orDash } from './deviceText.ts';
import { DETAIL_POLL_MS, useDeviceDetail } from './devicesApi.ts';
import { DEVICES_NS } from './i18n.ts';
import { lazyDialog } from '../shared/lazyDialog.tsx';

// The sleep settings (with antd's time pickers) and the binding form (with its cascader) load when first opened.
const BindingDialog = lazyDialog(() => import('./BindingDialog.tsx').then((m) => m.BindingDialog), (props) => props.device !== null);
const SleepSettingsDialog = lazyDialog(() => import('./SleepSettingsDialog.tsx').then((m) => m.SleepSettingsDialog));
// Fall radars (the domestic 21011 lives on this screen) use the fall-monitor screen's settings dialog.
const FallRadarSettingsDialog = lazyDialog(() => import('../gateways/FallRadarSettingsDialog.tsx').then((m) => m.FallRadarSettingsDialog), (props) => props.deviceId !== null);

export interface DeviceDetailDrawerProps {
  id: number | null;
  vendor: boolean;
  feedback: Feedback;
  onClose: () => void;
  onRestart: (device: DeviceDetail) => void;
  onEdit: (device: DeviceDetail) => void;
  /** Vendor: gives the device a new key (after a confirmation). */
  onRotateKey?: (device: DeviceDetail) => void;
}

/**
 * One device: live status (asked for every few seconds while open), what it is bound to,
 * its settings with the fate of the last command, and for vendor roles its key.
 */
export function DeviceDetailDrawer({ id, vendor, feedback, onClose, onRestart, onEdit, onRotateKey }: DeviceDetailDrawerProps) {
  const { t, i18n } = useTranslation(DEVICES_NS);
  const screens = Grid.useBreakpoint();
  const detail = useDeviceDetail(id);
  const device = detail.data && detail.data.id === id ? detail.data : null;
  const [binding, setBinding] = useState(false);
  const [settings, setSettings] = useState(false);
  const time = (epochMs: number | null) => (epochMs === null ? '—' : formatDateTime(epochMs, i18n.language));
  const info = device ? deviceTypeInfo(device.deviceType) : undefined;
  const care = !vendor;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={screens.md ? 600 : '100%'}
      title={device ? t('devices.detail.title', { id: device.deviceId }) : t('devices.detail.loading')}
      destroyOnHidden
      extra={
        device && (
          <Flex gap={8}>
            <Button onClick={() => onEdit(device)}>{t('devices.action.edit')}</Button>
            <Button icon={<ReloadOutlined />} onClick={() => onRestart(device)}>
              {t('devices.action.restart')}
            </Button>
          </Flex>
        )
      }
    >
      {detail.isError && !device ? (
        <Empty description={errorText(detail.error)} />
      ) : !device ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={20}>
          <section aria-labelledby="device-status-heading">
            <Flex justify="space-between" align="baseline" wrap gap={8}>
              <Typography.Title level={2} id="device-status-heading" style={{ fontSize: 16, margin: 0 }}>
                {t('devices.detail.status')}
              </Typography.Title>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('devices.detail.polling', { seconds: DETAIL_POLL_MS / 1000 })}
              </Typography.Text>
            </Flex>
            <Descriptions
              size="small"
              column={screens.sm ? 2 : 1}
              style={{ marginTop: 8 }}
              items={[
                { key: 'online', label: t('devices.column.online'), children: <DeviceOnlineBadge online={device.online} /> },
                { key: 'lastSeen', label: t('devices.detail.lastSeen'), children: time(device.lastSeenAt) },
                { key: 'battery', label: t('devices.column.battery'), children: <BatteryLevel percent={device.battery} /> },
                { key: 'signal', label: t('devices.column.signal'), children: <SignalLevel level={device.signal} /> },
                { key: 'power', label: t('devices.column.power'), children: <PowerState power={device.power} /> },
                { key: 'tamper', label: t('devices.detail.tamper'), children: orDash(device.tamper) },
                { key: 'firmware', label: t('devices.column.firmware'), children: orDash(device.firmwareVersion) },
                { key: 'hardware', label: t('devices.detail.hardware'), children: orDash(device.hardwareVersion) },
              ]}
            />
          </section>

          <section aria-labelledby="device-binding-heading">
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Title level={2} id="device-binding-heading" style={{ fontSize: 16, margin: 0 }}>
                {t('devices.detail.binding')}
              </Typography.Title>
              {care && !device.inStock && (
                <Button onClick={() => setBinding(true)}>{device.binding.target === 'none' ? t('devices.bind.action') : t('devices.bind.change')}</Button>
              )}
            </Flex>
            <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
              {device.binding.target === 'none' ? t('devices.detail.unbound') : bindingText(device.binding)}
            </Typography.Paragraph>
          </section>

          {info?.settings === 'fallRadar' && care && !device.inStock && (
            <section aria-labelledby="device-radar-settings-heading">
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Title level={2} id="device-radar-settings-heading" style={{ fontSize: 16, margin: 0 }}>
                  {t('devices.detail.settings')}
                </Typography.Title>
                <Button onClick={() => setSettings(true)}>{t('devices.settings.open')}</Button>
              </Flex>
            </section>
          )}

          {info?.settings === 'sleepMonitor' && (
            <section aria-labelledby="device-settings-heading">
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Title level={2} id="device-settings-heading" style={{ fontSize: 16, margin: 0 }}>
                  {t('devices.detail.settings')}
                </Typography.Title>
                {care && <Button onClick={() => setSettings(true)}>{t('devices.settings.open')}</Button>}
              </Flex>
              {device.lastCommand ? (
                <Flex gap={8} align="center" wrap style={{ marginTop: 8 }}>
                  <Typography.Text>{t('devices.detail.lastCommand', { time: time(device.lastCommand.sentAt) })}</Typography.Text>
                  <CommandStateTag state={device.lastCommand.state} message={device.lastCommand.message} />
                </Flex>
              ) : (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('devices.detail.noCommand')}
                </Typography.Paragraph>
              )}
            </section>
          )}

          <section aria-labelledby="device-identity-heading">
            <Typography.Title level={2} id="device-identity-heading" style={{ fontSize: 16, margin: 0 }}>
              {t('devices.detail.identity')}
            </Typography.Title>
            <Descriptions
              size="small"
              column={1}
              style={{ marginTop: 8 }}
              items={[
                { key: 'type', label: t('devices.column.type'), children: <DeviceTypeLabel type={device.deviceType} /> },
                { key: 'cipher', label: t('devices.detail.cipherId'), children: <Typography.Text copyable style={{ wordBreak: 'break-all' }}>{device.cipherId}</Typography.Text> },
                ...(vendor && device.deviceKey !== null ? [{ key: 'key', label: t('devices.detail.deviceKey'), children: <DeviceKeyField deviceKey={device.deviceKey} feedback={feedback} onRotate={onRotateKey && device.online ? () => onRotateKey(device) : undefined} /> }] : []),
                ...(vendor ? [{ key: 'provider', label: t('devices.column.provider'), children: device.inStock ? t('devices.stock.inStock') : orDash(device.providerName) }] : []),
                { key: 'location', label: t('devices.column.location'), children: orDash(device.location) },
                { key: 'imei', label: t('devices.field.imei'), children: orDash(device.imei) },
                { key: 'moduleImei', label: t('devices.field.moduleImei'), children: orDash(device.moduleImei) },
                { key: 'iccid', label: t('devices.field.iccid'), children: orDash(device.iccid) },
                { key: 'comm', label: t('devices.field.commMethod'), children: orDash(device.commMethod) },
                { key: 'remark', label: t('devices.field.remark'), children: orDash(device.remark) },
                { key: 'added', label: t('devices.detail.addedAt'), children: time(device.addedAt) },
              ]}
            />
            {vendor && device.withheld && <Alert type="warning" showIcon message={t('devices.detail.withheld')} style={{ marginTop: 8 }} />}
          </section>
          <BindingDialog device={binding ? device : null} feedback={feedback} onClose={() => setBinding(false)} />
          {info?.settings === 'fallRadar' && care && <FallRadarSettingsDialog deviceId={settings ? device.deviceId : null} onClose={() => setSettings(false)} />}
          {info?.settings === 'sleepMonitor' && care && <SleepSettingsDialog device={device} open={settings} feedback={feedback} onClose={() => setSettings(false)} />}
        </Flex>
      )}
    </Drawer>
  );
}
