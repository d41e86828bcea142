import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_CODE_MAX, PLACE_NAME_MAX, updateBunk } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import type { BedNode } from './addressesApi.ts';
import { ADDRESSES_NS } from './i18n.ts';

interface BedValues {
  name: string;
  deviceCode: string;
}

export interface BedDialogProps {
  bed: BedNode | null;
  feedback: Feedback;
  onSaved: () => void;
  onClose: () => void;
}

/** Renames a bed and sets or clears the code of the device on it. */
export function BedDialog({ bed, feedback, onSaved, onClose }: BedDialogProps) {
  const { t } = useTranslation(ADDRESSES_NS);
  const language = useLanguage();
  const [form] = Form.useForm<BedValues>();
  const labels = { name: t('addresses.bed.name'), deviceCode: t('addresses.bed.deviceCode') };
  const mutation = useMutation({
    mutationFn: (values: BedValues) => callApi(updateBunk, { id: bed?.id ?? 0, name: values.name.trim(), deviceCode: values.deviceCode.trim() || null }),
    onSuccess: () => {
      feedback.message.success(t('addresses.message.bedSaved'));
      onSaved();
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'name', errors: [errorText(error)] }]),
  });

  return (
    <FormDialog<BedValues>
      open={bed !== null}
      title={t('addresses.bed.editTitle', { name: bed?.name ?? '' })}
      form={form}
      formName="editBed"
      okText={t('addresses.form.save')}
      cancelText={t('addresses.form.cancel')}
      submitting={mutation.isPending}
      onCancel={onClose}
      onSubmit={(values) => mutation.mutate(values)}
      initialValues={{ name: bed?.name ?? '', deviceCode: bed?.deviceCode ?? '' }}
    >
      <Form.Item<BedValues> name="name" label={labels.name} required rules={[contractRule((schemas) => schemas.placeNameSchema, language, { field: labels.name })]}>
        <Input maxLength={PLACE_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item<BedValues> name="deviceCode" label={labels.deviceCode} extra={t('addresses.bed.deviceCodeHint')}
        rules={[contractRule((schemas) => schemas.updateBunkInputSchema.shape.deviceCode, language, { field: labels.deviceCode, optional: true })]}>
        <Input maxLength={DEVICE_CODE_MAX} allowClear />
      </Form.Item>
    </FormDialog>
  );
}
