import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ABSENCE_REASONS, transientPost, type AbsenceReason, type Resident } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { DatePicker } from '../../components/LazyDatePicker.tsx';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { ABSENCE_REASON_KEYS } from './absenceLabels.ts';
import { RESIDENTS_NS } from './i18n.ts';

interface AbsenceValues {
  reason: AbsenceReason;
  until?: Dayjs | null;
  remark?: string;
}


/**
 * Marks a checked-in resident temporarily away (spec 02 §7 /user/transient/post): reason,
 * optional planned return, remark. While away their bed raises no alarms.
 */
export function AbsenceDialog(props: { resident: Resident | null; feedback: Feedback; onDone: () => void; onClose: () => void }) {
  const { resident, feedback, onDone, onClose } = props;
  const { t } = useTranslation(RESIDENTS_NS);
  const [form] = Form.useForm<AbsenceValues>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: AbsenceValues) {
    if (!resident) return;
    setSubmitting(true);
    try {
      await callApi(transientPost, { userId: resident.id, reason: values.reason, until: values.until ? values.until.valueOf() : null, remark: values.remark ?? '' });
      feedback.message.success(t('residents.absence.saved', { name: resident.name }));
      onDone();
      onClose();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <FormDialog<AbsenceValues>
      open={resident !== null}
      title={t('residents.absence.title', { name: resident?.name ?? '' })}
      form={form}
      formName="resident-absence"
      okText={t('residents.absence.ok')}
      cancelText={t('residents.form.cancel')}
      submitting={submitting}
      onCancel={onClose}
      onSubmit={(values) => void submit(values)}
      initialValues={{ reason: 'hospital' }}
    >
      <p>{t('residents.absence.hint')}</p>
      {/* A validator, not `required`: antd would put aria-required on the select's wrapper, which axe refuses. */}
      <Form.Item name="reason" label={t('residents.absence.reason')} rules={[{ validator: async (_, value) => { if (!value) throw new Error(t('residents.absence.reasonRequired')); } }]}>
        <Select options={ABSENCE_REASONS.map((reason) => ({ value: reason, label: t(ABSENCE_REASON_KEYS[reason]) }))} />
      </Form.Item>
      <Form.Item name="until" label={t('residents.absence.until')} extra={t('residents.absence.untilHint')}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} disabledDate={(day) => day.endOf('day').valueOf() < Date.now()} />
      </Form.Item>
      <Form.Item name="remark" label={t('residents.absence.remark')}>
        <Input.TextArea maxLength={200} showCount rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
