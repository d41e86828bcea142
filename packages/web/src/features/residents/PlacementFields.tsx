import { Alert, Cascader, Form } from 'antd';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useTranslation } from 'react-i18next';
import { CAREGIVERS_PER_RESIDENT_MAX, type Resident } from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { useAddressTree } from '../addresses/addressesApi.ts';
import { bedOptions, occupantOf, type BedOption } from './bedOptions.ts';
import { contractRule } from '../shared/contractRule.ts';
import type { ResidentFormValues } from './residentFormValues.ts';
import { useCaregiverOptions } from './residentsApi.ts';
import { RESIDENTS_NS } from './i18n.ts';

/** The bed picker (area → floor → room → bed) and the caregivers (up to 100). */
export function PlacementFields({ resident }: { resident: Resident | null }) {
  const { t } = useTranslation(RESIDENTS_NS);
  const language = useLanguage();
  const form = Form.useFormInstance<ResidentFormValues>();
  const tree = useAddressTree();
  const caregivers = useCaregiverOptions();
  const options = bedOptions(tree.data ?? [], resident?.id ?? null);
  const bed = Form.useWatch('bed', form) ?? [];
  const occupant = occupantOf(options, bed);
  const labels = { bed: t('residents.field.bed'), caregivers: t('residents.field.caregivers') };

  // Caregivers already linked stay listed even if the picker list does not have them (e.g. disabled ones).
  const known = new Set((caregivers.data ?? []).map((option) => option.value));
  const caregiverOptions = [
    ...(caregivers.data ?? []),
    ...(resident?.caregivers ?? []).filter((caregiver) => !known.has(caregiver.id)).map((caregiver) => ({ value: caregiver.id, label: caregiver.name })),
  ];

  return (
    <>
      <Form.Item<ResidentFormValues> name="bed" label={labels.bed} extra={t('residents.field.bedHint')}>
        <Cascader<BedOption>
          options={options}
          loading={tree.isLoading}
          allowClear
          changeOnSelect={false}
          placeholder={t('residents.field.bedPlaceholder')}
          showSearch={{ filter: (input, path) => path.some((option) => option.label.toLowerCase().includes(input.toLowerCase())) }}
          displayRender={(labels) => labels.join(' / ')}
          optionRender={(option) => (option.occupant ? `${option.label} · ${t('residents.bed.occupiedBy', { name: option.occupant })}` : option.label)}
          notFoundContent={t('residents.field.noBeds')}
        />
      </Form.Item>
      {occupant && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('residents.bed.occupiedWarning', { name: occupant })} />}
      <Form.Item<ResidentFormValues> name="caregiverIds" label={labels.caregivers}
        extra={t('residents.field.caregiversHint', { max: CAREGIVERS_PER_RESIDENT_MAX })}
        rules={[contractRule((schemas) => schemas.residentInputSchema.shape.caregiverIds, language, { field: labels.caregivers })]}>
        <Select
          mode="multiple"
          allowClear
          maxCount={CAREGIVERS_PER_RESIDENT_MAX}
          loading={caregivers.isLoading}
          placeholder={t('residents.field.caregiversPlaceholder')}
          optionFilterProp="label"
          options={caregiverOptions}
          notFoundContent={caregivers.isError ? t('residents.field.caregiversUnavailable') : undefined}
        />
      </Form.Item>
    </>
  );
}
