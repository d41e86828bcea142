import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteResident, getUserCheckIn, type Resident } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { CARE_KEY } from '../care-shared/careQueryKeys.ts';
import { RESIDENTS_NS } from './i18n.ts';

/**
 * Row actions of the resident list: check in, check out, log out (deregister) and delete.
 * Check-out, log-out and delete ask first (spec 01 §8); every failure shows the server's msg.
 */
export function useResidentActions(feedback: Feedback) {
  const { t } = useTranslation(RESIDENTS_NS);
  const queryClient = useQueryClient();

  const run = useActionRunner(feedback, () => queryClient.invalidateQueries({ queryKey: CARE_KEY }));

  const checkIn = (resident: Resident) =>
    run(() => callApi(getUserCheckIn, { id: resident.id, action: 'checkIn' }), t('residents.message.checkedIn', { name: resident.name }));

  const checkOut = (resident: Resident) =>
    feedback.modal.confirm({
      title: t('residents.confirm.checkOutTitle', { name: resident.name }),
      content: t('residents.confirm.checkOutContent'),
      okText: t('residents.action.checkOut'),
      cancelText: t('residents.form.cancel'),
      onOk: () => run(() => callApi(getUserCheckIn, { id: resident.id, action: 'checkOut' }), t('residents.message.checkedOut', { name: resident.name })),
    });

  const deregister = (resident: Resident) =>
    feedback.modal.confirm({
      title: t('residents.confirm.deregisterTitle', { name: resident.name }),
      content: t('residents.confirm.deregisterContent'),
      okText: t('residents.action.deregister'),
      okButtonProps: { danger: true },
      cancelText: t('residents.form.cancel'),
      onOk: () => run(() => callApi(getUserCheckIn, { id: resident.id, action: 'deregister' }), t('residents.message.deregistered', { name: resident.name })),
    });

  const remove = (resident: Resident) =>
    feedback.modal.confirm({
      title: t('residents.confirm.deleteTitle', { name: resident.name }),
      content: t('residents.confirm.deleteContent'),
      okText: t('residents.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('residents.form.cancel'),
      onOk: () => run(() => callApi(deleteResident, { id: resident.id }), t('residents.message.deleted', { name: resident.name })),
    });

  return { checkIn, checkOut, deregister, remove };
}
