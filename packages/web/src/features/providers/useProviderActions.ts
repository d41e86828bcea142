import { useTranslation } from 'react-i18next';
import { deleteProvider, operateProvider, restProviderPwd, type Provider } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useAfterProviderChange } from './useAfterProviderChange.ts';
import { PROVIDERS_NS } from './i18n.ts';
import type { KeyOf } from '../../i18n/namespaces.ts';

/** Row actions of the provider table: enable, disable, reset password (with confirmations) and delete (confirmed by the caller). */
export function useProviderActions(feedback: Feedback, onPasswordReset: (provider: Provider, password: string) => void) {
  const { t } = useTranslation(PROVIDERS_NS);
  const afterChange = useAfterProviderChange();

  const runAction = useActionRunner(feedback, afterChange);
  const run = (call: () => Promise<unknown>, successKey: KeyOf<'providers'>) => runAction(call, t(successKey));

  const enable = (provider: Provider) =>
    run(() => callApi(operateProvider, { id: provider.id, enabled: true }), 'providers.message.enabled');

  const disable = (provider: Provider) =>
    feedback.modal.confirm({
      title: t('providers.confirm.disableTitle', { name: provider.name }),
      content: provider.level === 1 ? t('providers.confirm.disableContent') : t('providers.confirm.disableContentClassTwo'),
      okText: t('providers.action.disable'),
      okButtonProps: { danger: true },
      cancelText: t('providers.form.cancel'),
      onOk: () => run(() => callApi(operateProvider, { id: provider.id, enabled: false }), 'providers.message.disabled'),
    });

  const resetPassword = (provider: Provider) =>
    feedback.modal.confirm({
      title: t('providers.confirm.resetTitle', { name: provider.name }),
      content: t('providers.confirm.resetContent'),
      okText: t('providers.action.resetPassword'),
      cancelText: t('providers.form.cancel'),
      onOk: async () => {
        try {
          const result = await callApi(restProviderPwd, { id: provider.id });
          onPasswordReset(provider, result.password);
        } catch (error) {
          feedback.message.error(errorText(error));
        }
      },
    });

  /** Deletes after the typed-name confirmation (see ProviderManagerPage). */
  const remove = (provider: Provider) => run(() => callApi(deleteProvider, { id: provider.id }), 'providers.message.deleted');

  return { enable, disable, resetPassword, remove };
}
