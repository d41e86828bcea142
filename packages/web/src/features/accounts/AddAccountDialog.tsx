import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useTranslation } from 'react-i18next';
import {
  CREATABLE_ROLES, DATA_PERMISSIONS, DISPLAY_NAME_MAX, LOGIN_NAME_MAX, LOGIN_NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, PLATFORM_ROLES, PROVIDER_BOUND_ROLES,
  insertAccount, type DataPermission, type Role,
} from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { confirmPasswordRules, newPasswordRules } from '../shared/passwordRules.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { ACCOUNTS_KEY, useProviderChoices } from './accountsApi.ts';
import { DATA_PERMISSION_LABEL_KEYS, ROLE_LABEL_KEYS } from './roleLabels.ts';
import { ACCOUNTS_NS } from './i18n.ts';
import { useLanguage } from '../../i18n/index.ts';

interface NewAccountValues {
  userName: string;
  nickName: string;
  role: Role;
  dataPermission?: DataPermission;
  providerId?: number;
  passWord: string;
  confirmPassword: string;
}

export interface AddAccountDialogProps {
  open: boolean;
  myRole: Role;
  feedback: Feedback;
  onClose: () => void;
}

/** "Add account" dialog: login, name, a role the caller may give, data permission, provider, initial password. */
export function AddAccountDialog({ open, myRole, feedback, onClose }: AddAccountDialogProps) {
  const language = useLanguage();
  const { t } = useTranslation(ACCOUNTS_NS);
  const [form] = Form.useForm<NewAccountValues>();
  const queryClient = useQueryClient();
  const role = Form.useWatch('role', form);
  const needsProvider = PLATFORM_ROLES.includes(myRole) && role !== undefined && PROVIDER_BOUND_ROLES.includes(role);
  const providers = useProviderChoices(open && needsProvider);
  const roles = CREATABLE_ROLES[myRole] ?? [];

  const create = useMutation({
    mutationFn: (values: NewAccountValues) =>
      callApi(insertAccount, {
        userName: values.userName.trim(),
        nickName: values.nickName.trim(),
        role: values.role,
        passWord: values.passWord,
        dataPermission: values.role === 'SUB_ROLE' ? values.dataPermission : null,
        providerId: needsProvider ? values.providerId : null,
      }),
    onSuccess: () => {
      feedback.message.success(t('accounts.message.created'));
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      onClose();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  const labels = {
    userName: t('accounts.form.userName'),
    nickName: t('accounts.form.nickName'),
    role: t('accounts.form.role'),
    dataPermission: t('accounts.form.dataPermission'),
    provider: t('accounts.form.provider'),
    password: t('accounts.form.password'),
    confirm: t('accounts.form.confirmPassword'),
  };

  return (
    <FormDialog<NewAccountValues>
      open={open}
      title={t('accounts.form.addTitle')}
      form={form}
      formName="addAccount"
      okText={t('accounts.form.create')}
      cancelText={t('accounts.form.cancel')}
      submitting={create.isPending}
      onCancel={onClose}
      onSubmit={(values) => create.mutate(values)}
      initialValues={roles.length === 1 ? { role: roles[0] } : {}}
    >
      <Form.Item<NewAccountValues> name="userName" label={labels.userName} required extra={t('accounts.form.userNameHint', { min: LOGIN_NAME_MIN, max: LOGIN_NAME_MAX })}
        rules={[contractRule((schemas) => schemas.loginNameSchema, language, { field: labels.userName })]}>
        <Input maxLength={LOGIN_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item<NewAccountValues> name="nickName" label={labels.nickName} required rules={[contractRule((schemas) => schemas.displayNameSchema, language, { field: labels.nickName })]}>
        <Input maxLength={DISPLAY_NAME_MAX} />
      </Form.Item>
      <Form.Item<NewAccountValues> name="role" label={labels.role} rules={[requiredRule(language, labels.role)]}>
        <Select placeholder={t('accounts.form.rolePlaceholder')} options={roles.map((value) => ({ value, label: t(ROLE_LABEL_KEYS[value]) }))} />
      </Form.Item>
      {role === 'SUB_ROLE' && (
        <Form.Item<NewAccountValues> name="dataPermission" label={labels.dataPermission} rules={[requiredRule(language, '', 'validation.dataPermission')]}>
          <Select placeholder={t('accounts.form.dataPermissionPlaceholder')}
            options={DATA_PERMISSIONS.map((value) => ({ value, label: t(DATA_PERMISSION_LABEL_KEYS[value]) }))} />
        </Form.Item>
      )}
      {needsProvider && (
        <Form.Item<NewAccountValues> name="providerId" label={labels.provider} rules={[requiredRule(language, labels.provider)]}>
          <Select showSearch optionFilterProp="label" loading={providers.isLoading} placeholder={t('accounts.form.providerPlaceholder')} options={providers.data ?? []} />
        </Form.Item>
      )}
      <Form.Item<NewAccountValues> name="passWord" label={labels.password} required extra={t('accounts.form.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })} rules={newPasswordRules(language, labels.password)}>
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item<NewAccountValues> name="confirmPassword" label={labels.confirm} required dependencies={['passWord']}
        rules={confirmPasswordRules(language, labels.confirm, 'passWord')}>
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
