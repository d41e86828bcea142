import { Card, Descriptions, Flex, List, Typography } from 'antd';
import type { PaginationProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@vigil/contracts';
import { BatteryLevel, DeviceOnlineBadge, DeviceTypeLabel, SignalLevel } from '../devices-shared/DeviceBadges.tsx';
import { RowActions } from '../shared/RowActions.tsx';
import { rowActions } from './deviceColumns.tsx';
import { bindingText, orDash } from './deviceText.ts';
import type { DeviceRowActions } from './useDeviceActions.ts';
import { DEVICES_NS } from './i18n.ts';

/** The device list on a phone: one card per device, no sideways scrolling. `empty` is its empty state (listEmptyText). */
export function DeviceCardList(props: { rows: readonly Device[]; loading: boolean; vendor: boolean; empty: ReactNode; pagination: PaginationProps; actions: DeviceRowActions }) {
  const { rows, loading, vendor, empty, pagination, actions } = props;
  const { t } = useTranslation(DEVICES_NS);
  return (
    <List<Device>
      dataSource={[...rows]}
      loading={loading}
      rowKey="id"
      locale={{ emptyText: empty }}
      pagination={{ ...pagination, size: 'small', showSizeChanger: false, align: 'center' }}
      renderItem={(device) => {
        const all = rowActions(t, device, actions);
        return (
          <List.Item style={{ padding: '6px 0', border: 'none' }}>
            <Card size="small" style={{ width: "100%" }} role="group" aria-label={t('devices.card.label', { id: device.deviceId })}>
              <Flex justify="space-between" align="start" gap={8} wrap>
                <Typography.Link strong onClick={() => actions.open(device)} style={{ wordBreak: 'break-all' }}>
                  {device.deviceId}
                </Typography.Link>
                <DeviceOnlineBadge online={device.online} />
              </Flex>
              <Descriptions
                size="small"
                column={1}
                style={{ marginTop: 8 }}
                items={[
                  { key: 'type', label: t('devices.column.type'), children: <DeviceTypeLabel type={device.deviceType} /> },
                  {
                    key: 'status',
                    label: t('devices.card.batterySignal'),
                    children: (
                      <Flex gap={16} align="center">
                        <BatteryLevel percent={device.battery} />
                        <SignalLevel level={device.signal} />
                      </Flex>
                    ),
                  },
                  ...(vendor ? [{ key: 'provider', label: t('devices.column.provider'), children: device.inStock ? t('devices.stock.inStock') : orDash(device.providerName) }] : []),
                  { key: 'binding', label: t('devices.column.binding'), children: bindingText(device.binding) },
                  { key: 'location', label: t('devices.column.location'), children: orDash(device.location) },
                ]}
              />
              <RowActions moreLabel={t('devices.action.more')} actions={all.slice(0, 2)} more={all.slice(2)} />
            </Card>
          </List.Item>
        );
      }}
    />
  );
}
