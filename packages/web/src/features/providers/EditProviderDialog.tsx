import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROVIDER_CODE_MAX, PROVIDER_NAME_MAX, updateProvider, type Provider } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { useAfterProviderChange } from './useAfterProviderChange.ts';
import { PROVIDERS_NS } from './i18n.ts';
import { useLanguage } from '../../i18n/index.ts';

interface ProviderEditValues {
  name: string;
  code?: string;
}

export interface EditProviderDialogProps {
  /** The provider being edited; null keeps the dialog closed. */
  provider: Provider | null;
  feedback: Feedback;
  onClose: () => void;
}

/** Renames a provider or changes its number. */
export function EditProviderDialog({ provider, feedback, onClose }: EditProviderDialogProps) {
  const language = useLanguage();
  const { t } = useTranslation(PROVIDERS_NS);
  const [form] = Form.useForm<ProviderEditValues>();
  const afterChange = useAfterProviderChange();

  const save = useMutation({
    mutationFn: ({ id, values }: { id: number; values: ProviderEditValues }) =>
      callApi(updateProvider, { id, name: values.name.trim(), code: values.code?.trim() ?? '' }),
    onSuccess: async () => {
      feedback.message.success(t('providers.message.updated'));
      onClose();
      await afterChange();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  const labels = { name: t('providers.form.name'), code: t('providers.form.code') };
  return (
    <FormDialog<ProviderEditValues>
      open={provider !== null}
      title={t('providers.form.editTitle')}
      form={form}
      formName="editProvider"
      okText={t('providers.form.save')}
      cancelText={t('providers.form.cancel')}
      submitting={save.isPending}
      onCancel={onClose}
      onSubmit={(values) => provider && save.mutate({ id: provider.id, values })}
      initialValues={{ name: provider?.name ?? '', code: provider?.code ?? '' }}
    >
      <Form.Item<ProviderEditValues> name="name" label={labels.name} required rules={[contractRule((schemas) => schemas.providerNameSchema, language, { field: labels.name })]}>
        <Input maxLength={PROVIDER_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item<ProviderEditValues> name="code" label={labels.code} extra={t('providers.form.codeHint', { max: PROVIDER_CODE_MAX })}
        rules={[contractRule((schemas) => schemas.providerCodeSchema, language, { field: labels.code, optional: true })]}>
        <Input maxLength={PROVIDER_CODE_MAX} />
      </Form.Item>
    </FormDialog>
  );
}
