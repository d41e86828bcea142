import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLACE_NAME_MAX, PLACE_NAME_MIN } from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { ADDRESSES_NS } from './i18n.ts';

interface NameValues {
  name: string;
}

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  initialName?: string;
  successText: string;
  feedback: Feedback;
  /** Saves the trimmed name; a refusal (name taken …) is shown under the field and the dialog stays open. */
  save: (name: string) => Promise<unknown>;
  onSaved: () => void;
  onClose: () => void;
}

/** One-field dialog for adding or renaming an area, floor or room. */
export function NameDialog(props: NameDialogProps) {
  const { open, title, label, okText, initialName, successText, feedback, save, onSaved, onClose } = props;
  const { t } = useTranslation(ADDRESSES_NS);
  const language = useLanguage();
  const [form] = Form.useForm<NameValues>();
  const mutation = useMutation({
    mutationFn: (values: NameValues) => save(values.name.trim()),
    onSuccess: () => {
      feedback.message.success(successText);
      onSaved();
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'name', errors: [errorText(error)] }]),
  });

  return (
    <FormDialog<NameValues>
      open={open}
      title={title}
      form={form}
      formName="placeName"
      okText={okText}
      cancelText={t('addresses.form.cancel')}
      submitting={mutation.isPending}
      onCancel={onClose}
      onSubmit={(values) => mutation.mutate(values)}
      initialValues={{ name: initialName ?? '' }}
    >
      <Form.Item<NameValues> name="name" label={label} required extra={t('addresses.form.nameHint', { min: PLACE_NAME_MIN, max: PLACE_NAME_MAX })}
        rules={[contractRule((schemas) => schemas.placeNameSchema, language, { field: label })]}>
        <Input maxLength={PLACE_NAME_MAX} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
