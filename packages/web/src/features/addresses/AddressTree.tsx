import { ApartmentOutlined, BuildOutlined } from '@ant-design/icons';
import { Flex, Tree, Typography, type TreeDataNode } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaCounts, findPlace, floorCounts, type PlaceKey } from './addressCounts.ts';
import type { AddressHandlers } from './addressDialogs.ts';
import type { AreaNode, FloorNode } from './addressesApi.ts';
import { countsText } from './countsText.ts';
import { PlaceMenu } from './PlaceMenu.tsx';
import { ADDRESSES_NS } from './i18n.ts';

interface PlaceTreeNode extends TreeDataNode {
  key: PlaceKey;
  area: AreaNode;
  floor: FloorNode | null;
  children?: PlaceTreeNode[];
}

function toNodes(tree: readonly AreaNode[]): PlaceTreeNode[] {
  return tree.map((area) => ({
    key: `area-${area.id}`,
    area,
    floor: null,
    children: area.floors.map((floor) => ({ key: `floor-${floor.id}`, area, floor, isLeaf: true })),
  }));
}

function nodeMenu(node: PlaceTreeNode, t: TFunction<'addresses'>, handlers: AddressHandlers) {
  const { area, floor } = node;
  if (floor) {
    const place = { level: 'floor' as const, id: floor.id, name: floor.name };
    return [
      { key: 'addRooms', label: t('addresses.action.addRooms'), onClick: () => handlers.open({ kind: 'addRooms', floor }) },
      { key: 'rename', label: t('addresses.action.rename'), onClick: () => handlers.open({ kind: 'rename', place }) },
      { key: 'delete', label: t('addresses.action.delete'), danger: true, onClick: () => handlers.remove(place) },
    ];
  }
  const place = { level: 'area' as const, id: area.id, name: area.name };
  return [
    { key: 'addFloor', label: t('addresses.action.addFloor'), onClick: () => handlers.open({ kind: 'addFloor', area }) },
    { key: 'geofence', label: t('addresses.action.geofence'), onClick: () => handlers.open({ kind: 'geofence', area }) },
    { key: 'community', label: t('addresses.action.community'), onClick: () => handlers.open({ kind: 'community', area }) },
    { key: 'rename', label: t('addresses.action.rename'), onClick: () => handlers.open({ kind: 'rename', place }) },
    { key: 'delete', label: t('addresses.action.delete'), danger: true, onClick: () => handlers.remove(place) },
  ];
}

export interface AddressTreeProps {
  tree: readonly AreaNode[];
  selected: PlaceKey | null;
  onSelect: (key: PlaceKey) => void;
  handlers: AddressHandlers;
}

/** Areas (buildings) and their floors; selecting one shows its rooms and beds beside it. */
export function AddressTree({ tree, selected, onSelect, handlers }: AddressTreeProps) {
  const { t } = useTranslation(ADDRESSES_NS);
  // Areas start expanded, new ones too; only what the user folds stays folded.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const areaKeys = tree.map((area) => `area-${area.id}`);
  const expandedKeys = areaKeys.filter((key) => !folded.has(key));
  // A floor selected from elsewhere (just added, say) gets its area unfolded so it shows.
  const selectedAreaKey = selected?.startsWith('floor-') ? `area-${findPlace(tree, selected)?.area.id}` : null;
  useEffect(() => {
    if (selectedAreaKey) setFolded((current) => (current.has(selectedAreaKey) ? new Set([...current].filter((key) => key !== selectedAreaKey)) : current));
  }, [selectedAreaKey]);
  return (
    <Tree<PlaceTreeNode>
      aria-label={t('addresses.tree.label')}
      className="address-tree"
      blockNode
      expandedKeys={expandedKeys}
      onExpand={(keys) => setFolded(new Set(areaKeys.filter((key) => !keys.includes(key))))}
      treeData={toNodes(tree)}
      selectedKeys={selected ? [selected] : []}
      onSelect={(_keys, info) => onSelect(info.node.key)}
      titleRender={(node) => {
        const counts = node.floor ? floorCounts(node.floor) : areaCounts(node.area);
        const name = node.floor?.name ?? node.area.name;
        return (
          <Flex align="center" justify="space-between" gap={8}>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong={!node.floor} ellipsis>
                {node.floor ? <ApartmentOutlined aria-hidden /> : <BuildOutlined aria-hidden />} {name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {countsText(t, { floors: node.floor ? undefined : node.area.floors.length, rooms: counts.rooms, beds: counts.beds })}
              </Typography.Text>
            </Flex>
            <PlaceMenu label={t('addresses.action.menuFor', { name })} items={nodeMenu(node, t, handlers)} />
          </Flex>
        );
      }}
    />
  );
}
