import { Form, Input } from 'antd';
import { FormRadioGroup } from '../../components/FormControls.tsx';
import { useTranslation } from 'react-i18next';
import {
  CAREGIVER_GRADES, ID_NUMBER_MAX, JOB_MAX, LOGIN_NAME_MAX, LOGIN_NAME_MIN, PERSON_NAME_MAX, PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, RELATION_TEXT_MAX, RESIDENTS_PER_CAREGIVER_MAX,
} from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule, type ContractSchemas, type SchemaPicker } from '../shared/contractRule.ts';
import type { CaregiverEditionView } from './caregiverEdition.ts';
import type { CaregiverFormValues } from './caregiverFormValues.ts';
import { GRADE_LABEL_KEYS } from './caregiverLabels.ts';
import { ResidentPicker } from './ResidentPicker.tsx';
import { CAREGIVERS_NS } from './i18n.ts';

/** The contract's schema of one caregiver field. */
const field = (name: keyof ContractSchemas['insertNursingInputSchema']['shape']): SchemaPicker => (schemas) => schemas.insertNursingInputSchema.shape[name];

/** The caregiver's fields; the login only when adding, the ID number only where the edition asks for it. */
export function CaregiverFields({ adding, edition }: { adding: boolean; edition: CaregiverEditionView }) {
  const { t } = useTranslation(CAREGIVERS_NS);
  const language = useLanguage();
  const labels = {
    name: t('caregivers.field.name'),
    phone: t('caregivers.field.phone'),
    userName: t(edition.loginLabelKey),
    job: t('caregivers.field.job'),
    idNumber: t('caregivers.field.idNumber'),
    relation: t('caregivers.field.relation'),
    grade: t('caregivers.field.grade'),
    residents: t('caregivers.field.residents'),
  };
  return (
    <div className="caregiver-form__grid">
      <Form.Item<CaregiverFormValues> name="name" label={labels.name} required rules={[contractRule(field('name'), language, { field: labels.name })]}>
        <Input maxLength={PERSON_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item<CaregiverFormValues> name="phone" label={labels.phone} required extra={t('caregivers.field.phoneHint', { min: PHONE_DIGITS_MIN, max: PHONE_DIGITS_MAX })}
        rules={[contractRule(field('phone'), language, { field: labels.phone })]}>
        <Input inputMode="tel" maxLength={24} />
      </Form.Item>
      {adding && (
        <Form.Item<CaregiverFormValues> name="userName" label={labels.userName} extra={t('caregivers.field.userNameHint', { min: LOGIN_NAME_MIN, max: LOGIN_NAME_MAX })}
          rules={[contractRule(field('userName'), language, { field: labels.userName, optional: true })]}>
          <Input maxLength={LOGIN_NAME_MAX} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item<CaregiverFormValues> name="job" label={labels.job} rules={[contractRule(field('job'), language, { field: labels.job, optional: true })]}>
        <Input maxLength={JOB_MAX} />
      </Form.Item>
      {edition.showIdNumber && (
        <Form.Item<CaregiverFormValues> name="idNumber" label={labels.idNumber}
          rules={[contractRule(field('idNumber'), language, { field: labels.idNumber, optional: true })]}>
          <Input maxLength={ID_NUMBER_MAX} />
        </Form.Item>
      )}
      <Form.Item<CaregiverFormValues> name="relation" label={labels.relation} extra={t('caregivers.field.relationHint')}
        rules={[contractRule(field('relation'), language, { field: labels.relation, optional: true })]}>
        <Input maxLength={RELATION_TEXT_MAX} />
      </Form.Item>
      <Form.Item<CaregiverFormValues> name="grade" label={labels.grade} required>
        <FormRadioGroup aria-label={labels.grade} optionType="button" options={CAREGIVER_GRADES.map((grade) => ({ value: grade, label: t(GRADE_LABEL_KEYS[grade]) }))} />
      </Form.Item>
      <Form.Item<CaregiverFormValues> name="residents" label={labels.residents} className="caregiver-form__wide"
        extra={t('caregivers.field.residentsHint', { max: RESIDENTS_PER_CAREGIVER_MAX })}>
        <ResidentPicker />
      </Form.Item>
    </div>
  );
}
