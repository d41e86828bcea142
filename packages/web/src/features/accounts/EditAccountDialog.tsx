import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useTranslation } from 'react-i18next';
import { DATA_PERMISSIONS, DISPLAY_NAME_MAX, operateAccount, type Account, type DataPermission } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { ACCOUNTS_KEY } from './accountsApi.ts';
import { DATA_PERMISSION_LABEL_KEYS } from './roleLabels.ts';
import { ACCOUNTS_NS } from './i18n.ts';
import { useLanguage } from '../../i18n/index.ts';

interface AccountEditValues {
  nickName: string;
  dataPermission?: DataPermission;
}

export interface EditAccountDialogProps {
  /** The account being edited; null keeps the dialog closed. */
  account: Account | null;
  feedback: Feedback;
  onClose: () => void;
}

/** Edits an account's display name and, for a sub-account, its data permission. */
export function EditAccountDialog({ account, feedback, onClose }: EditAccountDialogProps) {
  const language = useLanguage();
  const { t } = useTranslation(ACCOUNTS_NS);
  const [form] = Form.useForm<AccountEditValues>();
  const queryClient = useQueryClient();
  const isSubAccount = account?.role === 'SUB_ROLE';

  const save = useMutation({
    mutationFn: ({ id, values }: { id: number; values: AccountEditValues }) =>
      callApi(operateAccount, {
        op: 'update',
        id,
        nickName: values.nickName.trim(),
        dataPermission: isSubAccount ? values.dataPermission : undefined,
      }),
    onSuccess: () => {
      feedback.message.success(t('accounts.message.updated'));
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      onClose();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  const nameLabel = t('accounts.form.nickName');
  return (
    <FormDialog<AccountEditValues>
      open={account !== null}
      title={t('accounts.form.editTitle', { name: account?.userName ?? '' })}
      form={form}
      formName="editAccount"
      okText={t('accounts.form.save')}
      cancelText={t('accounts.form.cancel')}
      submitting={save.isPending}
      onCancel={onClose}
      onSubmit={(values) => account && save.mutate({ id: account.id, values })}
      initialValues={{ nickName: account?.nickName ?? '', dataPermission: account?.dataPermission ?? undefined }}
    >
      <Form.Item<AccountEditValues> name="nickName" label={nameLabel} required rules={[contractRule((schemas) => schemas.displayNameSchema, language, { field: nameLabel })]}>
        <Input maxLength={DISPLAY_NAME_MAX} autoFocus />
      </Form.Item>
      {isSubAccount && (
        <Form.Item<AccountEditValues> name="dataPermission" label={t('accounts.form.dataPermission')}
          rules={[requiredRule(language, '', 'validation.dataPermission')]}>
          <Select options={DATA_PERMISSIONS.map((value) => ({ value, label: t(DATA_PERMISSION_LABEL_KEYS[value]) }))} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
