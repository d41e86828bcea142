import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useTranslation } from 'react-i18next';
import {
  LOGIN_NAME_MAX, LOGIN_NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, PLATFORM_ROLES, PROVIDER_CODE_MAX, PROVIDER_NAME_MAX,
  insertProvider, type Role,
} from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { confirmPasswordRules, newPasswordRules } from '../shared/passwordRules.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { useClassOneProviders } from './providersApi.ts';
import { useAfterProviderChange } from './useAfterProviderChange.ts';
import { PROVIDERS_NS } from './i18n.ts';
import { useLanguage } from '../../i18n/index.ts';

interface NewProviderValues {
  name: string;
  code?: string;
  parentId?: number;
  userName: string;
  passWord: string;
  confirmPassword: string;
}

export interface AddProviderDialogProps {
  open: boolean;
  myRole: Role;
  feedback: Feedback;
  onClose: () => void;
}

/** "Add provider" dialog: a vendor makes class I (or class II under a picked superior); a class I user makes its own class II. */
export function AddProviderDialog({ open, myRole, feedback, onClose }: AddProviderDialogProps) {
  const language = useLanguage();
  const { t } = useTranslation(PROVIDERS_NS);
  const [form] = Form.useForm<NewProviderValues>();
  const isVendor = PLATFORM_ROLES.includes(myRole);
  const superiors = useClassOneProviders(open && isVendor);
  const afterChange = useAfterProviderChange();

  const create = useMutation({
    mutationFn: (values: NewProviderValues) =>
      callApi(insertProvider, {
        name: values.name.trim(),
        code: values.code?.trim() || undefined,
        parentId: isVendor ? (values.parentId ?? null) : null,
        userName: values.userName.trim(),
        passWord: values.passWord,
      }),
    onSuccess: async () => {
      feedback.message.success(t('providers.message.created'));
      onClose();
      await afterChange();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  const labels = {
    name: t('providers.form.name'),
    code: t('providers.form.code'),
    userName: t('providers.form.userName'),
    password: t('providers.form.password'),
    confirm: t('providers.form.confirmPassword'),
  };

  return (
    <FormDialog<NewProviderValues>
      open={open}
      title={t('providers.form.addTitle')}
      form={form}
      formName="addProvider"
      okText={t('providers.form.create')}
      cancelText={t('providers.form.cancel')}
      submitting={create.isPending}
      onCancel={onClose}
      onSubmit={(values) => create.mutate(values)}
    >
      {!isVendor && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('providers.form.classTwoUnder')} />
      )}
      <Form.Item<NewProviderValues> name="name" label={labels.name} required rules={[contractRule((schemas) => schemas.providerNameSchema, language, { field: labels.name })]}>
        <Input maxLength={PROVIDER_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item<NewProviderValues> name="code" label={labels.code} extra={t('providers.form.codeHint', { max: PROVIDER_CODE_MAX })}
        rules={[contractRule((schemas) => schemas.providerCodeSchema, language, { field: labels.code, optional: true })]}>
        <Input maxLength={PROVIDER_CODE_MAX} />
      </Form.Item>
      {isVendor && (
        <Form.Item<NewProviderValues> name="parentId" label={t('providers.form.parent')} extra={t('providers.form.parentHint')}>
          <Select allowClear showSearch optionFilterProp="label" loading={superiors.isLoading}
            placeholder={t('providers.form.parentPlaceholder')} options={superiors.data ?? []} />
        </Form.Item>
      )}
      <Form.Item<NewProviderValues> name="userName" label={labels.userName} required extra={t('providers.form.userNameHint', { min: LOGIN_NAME_MIN, max: LOGIN_NAME_MAX })}
        rules={[contractRule((schemas) => schemas.loginNameSchema, language, { field: labels.userName })]}>
        <Input maxLength={LOGIN_NAME_MAX} />
      </Form.Item>
      <Form.Item<NewProviderValues> name="passWord" label={labels.password} required extra={t('providers.form.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        rules={newPasswordRules(language, labels.password)}>
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item<NewProviderValues> name="confirmPassword" label={labels.confirm} required dependencies={['passWord']}
        rules={confirmPasswordRules(language, labels.confirm, 'passWord')}>
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
