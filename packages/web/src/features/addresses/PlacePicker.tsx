import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaceKey } from './addressCounts.ts';
import type { AreaNode } from './addressesApi.ts';
import { ADDRESSES_NS } from './i18n.ts';

/** On narrow screens the tree gives way to this picker of an area or floor; the detail beside it carries the actions. */
export function PlacePicker({ tree, selected, onSelect }: { tree: readonly AreaNode[]; selected: PlaceKey | null; onSelect: (key: PlaceKey) => void }) {
  const { t } = useTranslation(ADDRESSES_NS);
  const treeData = tree.map((area) => ({
    value: `area-${area.id}`,
    title: area.name,
    label: area.name,
    children: area.floors.map((floor) => ({ value: `floor-${floor.id}`, title: floor.name, label: `${area.name} / ${floor.name}` })),
  }));
  return (
    <TreeSelect<PlaceKey>
      aria-label={t('addresses.tree.label')}
      style={{ width: '100%' }}
      treeDefaultExpandAll
      treeNodeLabelProp="label"
      value={selected ?? undefined}
      treeData={treeData}
      onChange={(key) => onSelect(key)}
    />
  );
}
