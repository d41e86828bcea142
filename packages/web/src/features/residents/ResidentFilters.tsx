import { Flex, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESIDENT_STATES, type ResidentState } from '@vigil/contracts';
import { useAddressTree } from '../addresses/addressesApi.ts';
import { STATE_LABEL_KEYS } from './residentLabels.ts';
import type { ResidentListQuery } from './residentsApi.ts';
import { RESIDENTS_NS } from './i18n.ts';

type Filters = Omit<ResidentListQuery, 'pageNum' | 'pageSize'>;

/** Keyword search and the area, state and attention filters of the resident list. */
export function ResidentFilters({ onChange }: { onChange: (patch: Partial<Filters>) => void }) {
  const { t } = useTranslation(RESIDENTS_NS);
  const tree = useAddressTree();
  const areaOptions = (tree.data ?? []).map((area) => ({
    value: area.id,
    title: area.name,
    children: area.floors.map((floor) => ({ value: floor.id, title: floor.name })),
  }));
  return (
    <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        enterButton
        aria-label={t('residents.filter.searchLabel')}
        placeholder={t('residents.filter.search')}
        onSearch={(value) => onChange({ keyWord: value.trim() || undefined })}
      />
      <TreeSelect<number>
        allowClear
        treeDefaultExpandAll
        aria-label={t('residents.filter.area')}
        placeholder={t('residents.filter.allAreas')}
        loading={tree.isLoading}
        treeData={areaOptions}
        onChange={(areaId) => onChange({ areaId: areaId ?? undefined })}
      />
      <Select<ResidentState>
        allowClear
        aria-label={t('residents.filter.state')}
        placeholder={t('residents.filter.allStates')}
        options={RESIDENT_STATES.map((state) => ({ value: state, label: t(STATE_LABEL_KEYS[state]) }))}
        onChange={(state) => onChange({ state: state ?? undefined })}
      />
      <Select<'yes' | 'no'>
        allowClear
        aria-label={t('residents.filter.attention')}
        placeholder={t('residents.filter.attentionAny')}
        options={[
          { value: 'yes', label: t('residents.attention.on') },
          { value: 'no', label: t('residents.attention.off') },
        ]}
        onChange={(value) => onChange({ attention: value === undefined ? undefined : value === 'yes' })}
      />
    </Flex>
  );
}
