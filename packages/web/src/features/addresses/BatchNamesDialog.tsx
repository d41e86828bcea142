import { useMutation } from '@tanstack/react-query';
import { Flex, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BATCH_NAMES_MAX, splitBatchNames } from '@vigil/contracts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { ADDRESSES_NS } from './i18n.ts';

interface BatchValues {
  names: string;
}

export interface BatchNamesDialogProps {
  open: boolean;
  title: string;
  label: string;
  placeholder: string;
  feedback: Feedback;
  /** Adds every name or none; the server's refusal names the offending one. */
  save: (names: string) => Promise<{ ids: number[] }>;
  successText: (count: number) => string;
  onSaved: () => void;
  onClose: () => void;
}

const PREVIEW_MAX = 30;

/** Adds rooms or beds from comma-separated names, all or nothing, previewing the names it will add. */
export function BatchNamesDialog(props: BatchNamesDialogProps) {
  const { open, title, label, placeholder, feedback, save, successText, onSaved, onClose } = props;
  const { t } = useTranslation(ADDRESSES_NS);
  const language = useLanguage();
  const [form] = Form.useForm<BatchValues>();
  const typed = Form.useWatch('names', form) ?? '';
  const names = splitBatchNames(typed);
  const mutation = useMutation({
    mutationFn: (values: BatchValues) => save(values.names),
    onSuccess: (result) => {
      feedback.message.success(successText(result.ids.length));
      onSaved();
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'names', errors: [errorText(error)] }]),
  });

  return (
    <FormDialog<BatchValues>
      open={open}
      title={title}
      form={form}
      formName="batchNames"
      okText={t('addresses.form.add')}
      cancelText={t('addresses.form.cancel')}
      submitting={mutation.isPending}
      onCancel={onClose}
      onSubmit={(values) => mutation.mutate(values)}
    >
      <Form.Item<BatchValues> name="names" label={label} required extra={t('addresses.form.batchHint', { max: BATCH_NAMES_MAX })}
        rules={[contractRule((schemas) => schemas.batchNamesSchema, language, { field: label })]}>
        <Input placeholder={placeholder} autoFocus />
      </Form.Item>
      {names.length > 0 && (
        <Flex vertical gap={6} aria-live="polite">
          <Typography.Text type="secondary">{t('addresses.form.batchPreview', { count: names.length })}</Typography.Text>
          <Flex wrap gap={4}>
            {names.slice(0, PREVIEW_MAX).map((name, index) => (
              <Tag key={`${index}-${name}`}>{name}</Tag>
            ))}
            {names.length > PREVIEW_MAX && <Tag>+{names.length - PREVIEW_MAX}</Tag>}
          </Flex>
        </Flex>
      )}
    </FormDialog>
  );
}
