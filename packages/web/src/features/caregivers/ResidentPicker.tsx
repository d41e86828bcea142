import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESIDENTS_PER_CAREGIVER_MAX } from '@vigil/contracts';
import { useResidentSearch } from './caregiversApi.ts';
import { CAREGIVERS_NS } from './i18n.ts';

/** A picked resident with the label it was picked under (kept while searches change the options). */
export interface PickedResident {
  value: number;
  label: string;
}

const SEARCH_DELAY_MS = 300;

export interface ResidentPickerProps {
  id?: string;
  value?: PickedResident[];
  onChange?: (value: PickedResident[]) => void;
}

/** Multi-select of residents searched on the server as you type (up to 100 linked). */
export function ResidentPicker({ id, value, onChange }: ResidentPickerProps) {
  const { t } = useTranslation(CAREGIVERS_NS);
  const [typed, setTyped] = useState('');
  const [keyWord, setKeyWord] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyWord(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useResidentSearch(keyWord);

  return (
    <Select<PickedResident[]>
      id={id}
      mode="multiple"
      labelInValue
      allowClear
      showSearch
      filterOption={false}
      maxCount={RESIDENTS_PER_CAREGIVER_MAX}
      value={value}
      onChange={(picked) => onChange?.(picked)}
      onSearch={setTyped}
      onBlur={() => setTyped('')}
      loading={search.isFetching}
      options={search.data ?? []}
      placeholder={t('caregivers.field.residentsPlaceholder')}
      notFoundContent={search.isFetching ? t('caregivers.field.searching') : t('caregivers.field.noResidents')}
    />
  );
}
