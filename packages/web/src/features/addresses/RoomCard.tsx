import { DeleteOutlined, EditOutlined, PlusOutlined, UserOutlined, WifiOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AddressHandlers } from './addressDialogs.ts';
import type { BedNode, RoomNode } from './addressesApi.ts';
import { bedMatches, type BedFilter } from './bedFilter.ts';
import { PlaceMenu } from './PlaceMenu.tsx';
import { ADDRESSES_NS } from './i18n.ts';

function BedRow({ bed, handlers }: { bed: BedNode; handlers: AddressHandlers }) {
  const { t } = useTranslation(ADDRESSES_NS);
  return (
    <Flex align="center" gap={8} className="address-bed" role="listitem">
      <Typography.Text strong style={{ minWidth: 48 }}>
        {bed.name}
      </Typography.Text>
      <Flex wrap gap={4} align="center" style={{ flex: 1, minWidth: 0 }}>
        {bed.residentName ? (
          <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
            <UserOutlined aria-hidden /> {bed.residentName}
          </Typography.Text>
        ) : (
          <Tag color="green" bordered={false}>
            {t('addresses.bed.vacant')}
          </Tag>
        )}
        {bed.deviceCode && (
          <Tooltip title={t('addresses.bed.deviceCode')}>
            <Tag icon={<WifiOutlined />} bordered={false} color="blue">
              {bed.deviceCode}
            </Tag>
          </Tooltip>
        )}
      </Flex>
      <Tooltip title={t('addresses.action.edit')}>
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('addresses.bed.editLabel', { name: bed.name })}
          onClick={() => handlers.open({ kind: 'editBed', bed })} />
      </Tooltip>
      <Tooltip title={t('addresses.action.delete')}>
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('addresses.bed.deleteLabel', { name: bed.name })}
          onClick={() => handlers.remove({ level: 'bed', id: bed.id, name: bed.name })} />
      </Tooltip>
    </Flex>
  );
}

/** One room: its beds with resident and device, add beds, rename, delete. */
export function RoomCard({ room, filter, handlers }: { room: RoomNode; filter: BedFilter; handlers: AddressHandlers }) {
  const { t } = useTranslation(ADDRESSES_NS);
  const place = { level: 'room' as const, id: room.id, name: room.name };
  const beds = room.beds.filter((bed) => bedMatches(bed, filter));
  return (
    <Card
      size="small"
      className="address-room"
      title={room.name}
      extra={
        <Flex gap={2}>
          <Tooltip title={t('addresses.action.addBeds')}>
            <Button type="text" size="small" icon={<PlusOutlined />} aria-label={t('addresses.room.addBedsLabel', { name: room.name })}
              onClick={() => handlers.open({ kind: 'addBeds', room })} />
          </Tooltip>
          <PlaceMenu
            label={t('addresses.action.menuFor', { name: room.name })}
            items={[
              { key: 'rename', label: t('addresses.action.rename'), onClick: () => handlers.open({ kind: 'rename', place }) },
              { key: 'delete', label: t('addresses.action.delete'), danger: true, onClick: () => handlers.remove(place) },
            ]}
          />
        </Flex>
      }
    >
      {room.beds.length === 0 ? (
        <Flex vertical align="start" gap={4}>
          <Typography.Text type="secondary">{t('addresses.room.noBeds')}</Typography.Text>
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => handlers.open({ kind: 'addBeds', room })}>
            {t('addresses.action.addBeds')}
          </Button>
        </Flex>
      ) : (
        <div role="list" aria-label={t('addresses.room.bedsOf', { name: room.name })}>
          {beds.map((bed) => (
            <BedRow key={bed.id} bed={bed} handlers={handlers} />
          ))}
        </div>
      )}
    </Card>
  );
}
