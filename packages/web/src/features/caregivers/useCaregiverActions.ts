import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteNursing, operateNursing, resetNursingPassword, type Caregiver } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { CARE_KEY } from '../care-shared/careQueryKeys.ts';
import { errorText } from '../shared/errorText.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { CAREGIVERS_NS } from './i18n.ts';

/** Row actions of the caregiver list: enable, disable, reset password (shown once), delete — with confirmations. */
export function useCaregiverActions(feedback: Feedback, onPasswordReset: (userName: string, password: string) => void) {
  const { t } = useTranslation(CAREGIVERS_NS);
  const queryClient = useQueryClient();

  const run = useActionRunner(feedback, () => queryClient.invalidateQueries({ queryKey: CARE_KEY }));

  const enable = (caregiver: Caregiver) =>
    run(() => callApi(operateNursing, { op: 'enable', id: caregiver.id }), t('caregivers.message.enabled', { name: caregiver.name }));

  const disable = (caregiver: Caregiver) =>
    feedback.modal.confirm({
      title: t('caregivers.confirm.disableTitle', { name: caregiver.name }),
      content: t('caregivers.confirm.disableContent'),
      okText: t('caregivers.action.disable'),
      okButtonProps: { danger: true },
      cancelText: t('caregivers.form.cancel'),
      onOk: () => run(() => callApi(operateNursing, { op: 'disable', id: caregiver.id }), t('caregivers.message.disabled', { name: caregiver.name })),
    });

  const resetPassword = (caregiver: Caregiver) =>
    feedback.modal.confirm({
      title: t('caregivers.confirm.resetTitle', { name: caregiver.name }),
      content: t('caregivers.confirm.resetContent'),
      okText: t('caregivers.action.resetPassword'),
      cancelText: t('caregivers.form.cancel'),
      onOk: async () => {
        try {
          const result = await callApi(resetNursingPassword, { id: caregiver.id });
          onPasswordReset(result.userName, result.password);
        } catch (error) {
          feedback.message.error(errorText(error));
        }
      },
    });

  const remove = (caregiver: Caregiver) =>
    feedback.modal.confirm({
      title: t('caregivers.confirm.deleteTitle', { name: caregiver.name }),
      content: t('caregivers.confirm.deleteContent'),
      okText: t('caregivers.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('caregivers.form.cancel'),
      onOk: () => run(() => callApi(deleteNursing, { id: caregiver.id }), t('caregivers.message.deleted', { name: caregiver.name })),
    });

  return { enable, disable, resetPassword, remove };
}
