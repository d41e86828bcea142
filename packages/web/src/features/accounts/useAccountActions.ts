import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operateAccount, type Account } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { ACCOUNTS_KEY } from './accountsApi.ts';
import { ACCOUNTS_NS } from './i18n.ts';
import type { KeyOf } from '../../i18n/namespaces.ts';

/** Row actions of the account table: enable, disable, reset password, delete (with confirmations). */
export function useAccountActions(feedback: Feedback, onPasswordReset: (account: Account, password: string) => void) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });

  const runAction = useActionRunner(feedback, refresh);
  const run = (call: () => Promise<unknown>, successKey: KeyOf<'accounts'>) => runAction(call, t(successKey));

  const enable = (account: Account) => run(() => callApi(operateAccount, { op: 'enable', id: account.id }), 'accounts.message.enabled');

  const disable = (account: Account) =>
    feedback.modal.confirm({
      title: t('accounts.confirm.disableTitle', { name: account.userName }),
      content: t('accounts.confirm.disableContent'),
      okText: t('accounts.action.disable'),
      okButtonProps: { danger: true },
      cancelText: t('accounts.form.cancel'),
      onOk: () => run(() => callApi(operateAccount, { op: 'disable', id: account.id }), 'accounts.message.disabled'),
    });

  const resetPassword = (account: Account) =>
    feedback.modal.confirm({
      title: t('accounts.confirm.resetTitle', { name: account.userName }),
      content: t('accounts.confirm.resetContent'),
      okText: t('accounts.action.resetPassword'),
      cancelText: t('accounts.form.cancel'),
      onOk: async () => {
        try {
          const result = await callApi(operateAccount, { op: 'resetPassword', id: account.id });
          if (result?.password) onPasswordReset(account, result.password);
          else feedback.message.success(t('accounts.message.passwordReset'));
        } catch (error) {
          feedback.message.error(errorText(error));
        }
      },
    });

  const remove = (account: Account) =>
    feedback.modal.confirm({
      title: t('accounts.confirm.deleteTitle', { name: account.userName }),
      content: t('accounts.confirm.deleteContent'),
      okText: t('accounts.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('accounts.form.cancel'),
      onOk: () => run(() => callApi(operateAccount, { op: 'delete', id: account.id }), 'accounts.message.deleted'),
    });

  return { enable, disable, resetPassword, remove };
}
