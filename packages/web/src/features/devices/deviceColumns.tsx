import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Device } from '@vigil/contracts';
import { BatteryLevel, DeviceOnlineBadge, DeviceTypeLabel, PowerState, SignalLevel } from '../devices-shared/DeviceBadges.tsx';
import { RowActions } from '../shared/RowActions.tsx';
import { bindingText, orDash } from './deviceText.ts';
import { onCarrier, type DeviceRowActions } from './useDeviceActions.ts';

/**
 * Columns of the device table (spec 02 §3 fields, in its order: where a device is and whom it
 * watches come right after its status, before battery, signal and power, so they are in view
 * when the pending-alarm panel narrows the table); the provider column for vendor roles only.
 */
export function deviceColumns(options: { t: TFunction<'devices'>; vendor: boolean; pinActions: boolean; actions: DeviceRowActions }): TableColumnsType<Device> {
  const { t, vendor, pinActions, actions } = options;
  return [
    {
      title: t('devices.column.deviceId'),
      key: 'deviceId',
      render: (_, row) => (
        <Button type="link" size="small" style={{ padding: 0, whiteSpace: 'nowrap' }} onClick={() => actions.open(row)} aria-label={t('devices.action.detailsOf', { id: row.deviceId })}>
          {row.deviceId}
        </Button>
      ),
    },
    { title: t('devices.column.type'), key: 'type', render: (_, row) => <DeviceTypeLabel type={row.deviceType} /> },
    { title: t('devices.column.online'), key: 'online', render: (_, row) => <DeviceOnlineBadge online={row.online} /> },
    { title: t('devices.column.location'), key: 'location', render: (_, row) => orDash(row.location) },
    {
      title: t('devices.column.binding'),
      key: 'binding',
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: bindingText(row.binding) }} style={{ maxWidth: 220 }}>
          {bindingText(row.binding)}
        </Typography.Text>
      ),
    },
    { title: t('devices.column.battery'), key: 'battery', render: (_, row) => <BatteryLevel percent={row.battery} /> },
    { title: t('devices.column.signal'), key: 'signal', render: (_, row) => <SignalLevel level={row.signal} /> },
    { title: t('devices.column.power'), key: 'power', render: (_, row) => <PowerState power={row.power} /> },
    { title: t('devices.column.provider'), key: 'provider', hidden: !vendor, render: (_, row) => (row.inStock ? <Tag>{t('devices.stock.inStock')}</Tag> : orDash(row.providerName)) },
    { title: t('devices.column.firmware'), key: 'firmware', render: (_, row) => orDash(row.firmwareVersion) },
    {
      title: t('devices.column.actions'),
      key: 'actions',
      fixed: pinActions ? 'right' : undefined,
      render: (_, row) => (
        <Flex>
          <RowActions moreLabel={t('devices.action.more')} actions={rowActions(t, row, actions).slice(0, 2)} more={rowActions(t, row, actions).slice(2)} />
        </Flex>
      ),
    },
  ];
}

/** The actions of one device, most used first: details, bind (care homes), edit, then restart and delete. */
export function rowActions(t: TFunction<'devices'>, row: Device, actions: DeviceRowActions) {
  const bind = actions.bind;
  return [
    { key: 'details', label: t('devices.action.details'), onClick: () => actions.open(row) },
    ...(bind && !row.inStock ? [{ key: 'bind', label: row.binding.target === 'none' ? t('devices.bind.action') : t('devices.bind.change'), onClick: () => bind(row) }] : []),
    { key: 'edit', label: t('devices.action.edit'), onClick: () => actions.edit(row) },
    { key: 'restart', label: t('devices.action.restart'), onClick: () => actions.restart(row) },
    ...(actions.syncCarrier && onCarrier(row) ? [{ key: 'syncCarrier', label: t('devices.action.syncCarrier'), onClick: () => actions.syncCarrier?.(row) }] : []),
    { key: 'delete', label: t('devices.action.delete'), danger: true, onClick: () => actions.remove(row) },
  ];
}
