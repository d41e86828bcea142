import { Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceTypeInfo } from '@vigil/contracts';
import { DEVICES_SHARED_NS } from '../devices-shared/i18n.ts';
import { KIND_LABEL_KEYS } from '../devices-shared/deviceTypes.ts';
import type { DeviceListQuery } from './devicesApi.ts';
import { DEVICES_NS } from './i18n.ts';

export type DeviceFilterPatch = Partial<Pick<DeviceListQuery, 'keyWord' | 'deviceType' | 'online' | 'bound' | 'stock'>>;

type YesNo = 'yes' | 'no';
const asBoolean = (value: YesNo | undefined) => (value === undefined ? undefined : value === 'yes');

/** Keyword search and the type, online, bound (and, for vendor roles, stock) filters of the device list. */
export function DeviceFilters({ types, vendor, onChange }: { types: readonly DeviceTypeInfo[]; vendor: boolean; onChange: (patch: DeviceFilterPatch) => void }) {
  const { t } = useTranslation(DEVICES_NS);
  const { t: ts } = useTranslation(DEVICES_SHARED_NS);
  return (
    <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        enterButton
        aria-label={t('devices.filter.searchLabel')}
        placeholder={t('devices.filter.search')}
        onSearch={(value) => onChange({ keyWord: value.trim() || undefined })}
      />
      <Select<number>
        allowClear
        aria-label={t('devices.filter.type')}
        placeholder={t('devices.filter.allTypes')}
        options={types.map((info) => ({ value: info.type, label: `${info.model} · ${ts(KIND_LABEL_KEYS[info.kind])}` }))}
        onChange={(type) => onChange({ deviceType: type ?? undefined })}
      />
      <Select<YesNo>
        allowClear
        aria-label={t('devices.filter.online')}
        placeholder={t('devices.filter.anyOnline')}
        options={[
          { value: 'yes', label: ts('devicesShared.online') },
          { value: 'no', label: ts('devicesShared.offline') },
        ]}
        onChange={(value) => onChange({ online: asBoolean(value) })}
      />
      <Select<YesNo>
        allowClear
        aria-label={t('devices.filter.bound')}
        placeholder={t('devices.filter.anyBound')}
        options={[
          { value: 'yes', label: t('devices.filter.boundYes') },
          { value: 'no', label: t('devices.filter.boundNo') },
        ]}
        onChange={(value) => onChange({ bound: asBoolean(value) })}
      />
      {vendor && (
        <Select<'stock' | 'added'>
          allowClear
          aria-label={t('devices.filter.stock')}
          placeholder={t('devices.filter.anyStock')}
          options={[
            { value: 'stock', label: t('devices.filter.inStock') },
            { value: 'added', label: t('devices.filter.added') },
          ]}
          onChange={(value) => onChange({ stock: value ?? undefined })}
        />
      )}
    </Flex>
  );
}
