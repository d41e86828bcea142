import { Form, Input, InputNumber, Switch } from 'antd';
import { DatePicker } from '../../components/LazyDatePicker.tsx';
import { FormRadioGroup, FormSelect as Select } from '../../components/FormControls.tsx';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CARE_LEVEL_MAX, CARE_LEVEL_MIN, GENDERS, HEIGHT_MAX, HEIGHT_MIN, PERSON_NAME_MAX, WEIGHT_MAX, WEIGHT_MIN,
} from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { GENDER_LABEL_KEYS } from './residentLabels.ts';
import { ageOn, birthDateText, type ResidentFormValues } from './residentFormValues.ts';
import { RESIDENTS_NS } from './i18n.ts';

const CARE_LEVELS = Array.from({ length: CARE_LEVEL_MAX - CARE_LEVEL_MIN + 1 }, (_, index) => CARE_LEVEL_MIN + index);
const OLDEST_YEAR = 1880;

/** Name, gender, birth date (with the age it gives), height, weight, care level and attention. */
export function ResidentBasicFields() {
  const { t } = useTranslation(RESIDENTS_NS);
  const language = useLanguage();
  const form = Form.useFormInstance<ResidentFormValues>();
  const birthDate = Form.useWatch('birthDate', form) ?? null;
  const age = ageOn(birthDate);
  const labels = {
    name: t('residents.field.name'),
    gender: t('residents.field.gender'),
    birthDate: t('residents.field.birthDate'),
    height: t('residents.field.height'),
    weight: t('residents.field.weight'),
    careLevel: t('residents.field.careLevel'),
    attention: t('residents.field.attention'),
  };
  return (
    <div className="resident-form__grid">
      <Form.Item<ResidentFormValues> name="name" label={labels.name} required rules={[contractRule((schemas) => schemas.personNameSchema, language, { field: labels.name })]}>
        <Input maxLength={PERSON_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item<ResidentFormValues> name="gender" label={labels.gender} rules={[requiredRule(language, labels.gender)]}>
        <FormRadioGroup aria-label={labels.gender} options={GENDERS.map((gender) => ({ value: gender, label: t(GENDER_LABEL_KEYS[gender]) }))} />
      </Form.Item>
      <Form.Item<ResidentFormValues>
        name="birthDate"
        label={labels.birthDate}
        required
        extra={age === null ? t('residents.field.birthDateHint') : t('residents.field.age', { age })}
        rules={[contractRule((schemas) => schemas.birthDateSchema, language, { field: labels.birthDate, toInput: birthDateText })]}
      >
        <DatePicker
          style={{ width: '100%' }}
          format={['YYYY-MM-DD', 'YYYY/MM/DD']}
          placeholder="YYYY-MM-DD"
          disabledDate={(day) => day.isAfter(dayjs(), 'day') || day.year() < OLDEST_YEAR}
        />
      </Form.Item>
      <Form.Item<ResidentFormValues> name="height" label={labels.height} extra={t('residents.field.rangeHint', { min: HEIGHT_MIN, max: HEIGHT_MAX })}
        rules={[contractRule((schemas) => schemas.heightSchema, language, { field: labels.height, optional: true })]}>
        <InputNumber min={HEIGHT_MIN} max={HEIGHT_MAX} precision={0} addonAfter="cm" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item<ResidentFormValues> name="weight" label={labels.weight} extra={t('residents.field.weightHint', { min: WEIGHT_MIN, max: WEIGHT_MAX })}
        rules={[contractRule((schemas) => schemas.weightSchema, language, { field: labels.weight, optional: true })]}>
        <InputNumber min={WEIGHT_MIN} max={WEIGHT_MAX} precision={1} step={0.1} addonAfter="kg" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item<ResidentFormValues> name="careLevel" label={labels.careLevel}>
        <Select
          allowClear
          placeholder={t('residents.field.careLevelNone')}
          options={CARE_LEVELS.map((level) => ({ value: level, label: t('residents.careLevel.value', { level }) }))}
        />
      </Form.Item>
      <Form.Item<ResidentFormValues> name="attention" label={labels.attention} valuePropName="checked" extra={t('residents.field.attentionHint')}>
        <Switch aria-label={labels.attention} />
      </Form.Item>
    </div>
  );
}
