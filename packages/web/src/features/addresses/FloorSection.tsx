import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { floorCounts } from './addressCounts.ts';
import type { AddressHandlers } from './addressDialogs.ts';
import type { FloorNode } from './addressesApi.ts';
import { roomsShown, type BedFilter } from './bedFilter.ts';
import { countsText } from './countsText.ts';
import { PlaceMenu } from './PlaceMenu.tsx';
import { RoomCard } from './RoomCard.tsx';
import { ADDRESSES_NS } from './i18n.ts';

/** One floor: a heading with counts and "add rooms", then its rooms as cards. */
export function FloorSection({ floor, filter, handlers }: { floor: FloorNode; filter: BedFilter; handlers: AddressHandlers }) {
  const { t } = useTranslation(ADDRESSES_NS);
  const counts = floorCounts(floor);
  const rooms = roomsShown(floor.rooms, filter);
  const place = { level: 'floor' as const, id: floor.id, name: floor.name };
  return (
    <section className="address-floor" aria-label={floor.name}>
      <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {floor.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {countsText(t, counts)}
          </Typography.Text>
        </div>
        <Flex gap={4} align="center">
          <Button icon={<PlusOutlined />} onClick={() => handlers.open({ kind: 'addRooms', floor })}>
            {t('addresses.action.addRooms')}
          </Button>
          <PlaceMenu
            label={t('addresses.action.menuFor', { name: floor.name })}
            items={[
              { key: 'rename', label: t('addresses.action.rename'), onClick: () => handlers.open({ kind: 'rename', place }) },
              { key: 'delete', label: t('addresses.action.delete'), danger: true, onClick: () => handlers.remove(place) },
            ]}
          />
        </Flex>
      </Flex>
      {floor.rooms.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('addresses.floor.noRooms')} />
      ) : rooms.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('addresses.floor.noneMatch')}</Typography.Paragraph>
      ) : (
        <Row gutter={[12, 12]}>
          {rooms.map((room) => (
            <Col key={room.id} xs={24} sm={12} xxl={8}>
              <RoomCard room={room} filter={filter} handlers={handlers} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
