import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Empty, Flex, Grid, Segmented, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { areaCounts } from './addressCounts.ts';
import type { AddressHandlers } from './addressDialogs.ts';
import type { AreaNode, FloorNode } from './addressesApi.ts';
import type { BedFilter } from './bedFilter.ts';
import { countsText } from './countsText.ts';
import { FloorSection } from './FloorSection.tsx';
import { PlaceMenu } from './PlaceMenu.tsx';
import { ADDRESSES_NS } from './i18n.ts';

export interface PlaceDetailProps {
  area: AreaNode;
  /** The selected floor, or null to show every floor of the area. */
  floor: FloorNode | null;
  filter: BedFilter;
  onFilter: (filter: BedFilter) => void;
  handlers: AddressHandlers;
}

/** The selected area (all its floors) or floor: rooms and beds as cards. */
export function PlaceDetail({ area, floor, filter, onFilter, handlers }: PlaceDetailProps) {
  const { t } = useTranslation(ADDRESSES_NS);
  const counts = areaCounts(area);
  const floors = floor ? [floor] : area.floors;
  const areaPlace = { level: 'area' as const, id: area.id, name: area.name };
  const wide = Boolean(Grid.useBreakpoint().md);
  const title = floor ? t('addresses.detail.floorTitle', { area: area.name, floor: floor.name }) : area.name;
  const areaActions = !floor && (
    <Flex gap={8} wrap align="center">
      <Button icon={<EnvironmentOutlined />} onClick={() => handlers.open({ kind: 'geofence', area })}>
        {t('addresses.action.geofence')}
      </Button>
      <Button icon={<PlusOutlined />} onClick={() => handlers.open({ kind: 'addFloor', area })}>
        {t('addresses.action.addFloor')}
      </Button>
      <PlaceMenu
        label={t('addresses.action.menuFor', { name: area.name })}
        items={[
          { key: 'community', label: t('addresses.action.community'), onClick: () => handlers.open({ kind: 'community', area }) },
          { key: 'rename', label: t('addresses.action.rename'), onClick: () => handlers.open({ kind: 'rename', place: areaPlace }) },
          { key: 'delete', label: t('addresses.action.delete'), danger: true, onClick: () => handlers.remove(areaPlace) },
        ]}
      />
    </Flex>
  );
  return (
    <Card title={<span className="address-detail__title">{title}</span>} extra={wide && areaActions}>
      {!wide && areaActions && <div style={{ marginBottom: 12 }}>{areaActions}</div>}
      <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {floor ? null : countsText(t, { floors: area.floors.length, ...counts })}
        </Typography.Text>
        <Segmented<BedFilter>
          aria-label={t('addresses.filter.label')}
          value={filter}
          onChange={onFilter}
          options={[
            { value: 'all', label: t('addresses.filter.all') },
            { value: 'vacant', label: t('addresses.filter.vacant') },
            { value: 'occupied', label: t('addresses.filter.occupied') },
          ]}
        />
      </Flex>
      {floors.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('addresses.detail.noFloors')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => handlers.open({ kind: 'addFloor', area })}>
            {t('addresses.action.addFloor')}
          </Button>
        </Empty>
      ) : (
        floors.map((item, index) => (
          <Fragment key={item.id}>
            {index > 0 && <Divider />}
            <FloorSection floor={item} filter={filter} handlers={handlers} />
          </Fragment>
        ))
      )}
    </Card>
  );
}
