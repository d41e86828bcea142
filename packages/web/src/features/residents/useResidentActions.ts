import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteResident, getUserCheckIn, residentErase, residentPersonalData, transientDelete, type Resident } from '@vigil/contracts';
import { callApi, downloadFile } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
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

  // A family's data request: the archive downloads under its own name; a failure shows the server's msg.
  const personalData = (resident: Resident) =>
    void downloadFile(residentPersonalData, { id: resident.id }).catch((error: unknown) => feedback.message.error(errorText(error)));

  const erase = (resident: Resident) =>
    feedback.modal.confirm({
      title: t('residents.confirm.eraseTitle', { name: resident.name }),
      content: t('residents.confirm.eraseContent'),
      okText: t('residents.action.erase'),
      okButtonProps: { danger: true },
      cancelText: t('residents.form.cancel'),
      onOk: () => run(() => callApi(residentErase, { id: resident.id }), t('residents.message.erased', { name: resident.name })),
    });

  const markBack = (resident: Resident) =>
    run(() => callApi(transientDelete, { userId: resident.id }), t('residents.absence.backDone', { name: resident.name }));

  /** After the absence dialog saved: the list and the board read it again. */
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CARE_KEY });

  return { checkIn, checkOut, deregister, remove, personalData, erase, markBack, refresh };
}
