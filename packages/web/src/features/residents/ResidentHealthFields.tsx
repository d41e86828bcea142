import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEDICAL_CONDITIONS, REMARK_MAX } from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule } from '../shared/contractRule.ts';
import { CONDITION_LABEL_KEYS } from './residentLabels.ts';
import type { ResidentFormValues } from './residentFormValues.ts';
import { RESIDENTS_NS } from './i18n.ts';

/** Medical history (any of the six conditions) and the remark (≤ 200 characters, with a counter). */
export function ResidentHealthFields() {
  const { t } = useTranslation(RESIDENTS_NS);
  const language = useLanguage();
  const labels = { medicalHistory: t('residents.field.medicalHistory'), remark: t('residents.field.remark') };
  return (
    <>
      <Form.Item<ResidentFormValues> name="medicalHistory" label={labels.medicalHistory}>
        <Checkbox.Group
          aria-label={labels.medicalHistory}
          className="resident-form__conditions"
          options={MEDICAL_CONDITIONS.map((condition) => ({ value: condition, label: t(CONDITION_LABEL_KEYS[condition]) }))}
        />
      </Form.Item>
      <Form.Item<ResidentFormValues> name="remark" label={labels.remark}
        rules={[contractRule((schemas) => schemas.residentInputSchema.shape.remark, language, { field: labels.remark })]}>
        <Input.TextArea maxLength={REMARK_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </>
  );
}
