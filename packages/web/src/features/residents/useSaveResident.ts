import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { insertUser, updateUser } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { CARE_KEY } from '../care-shared/careQueryKeys.ts';
import { confirmAsync } from '../care-shared/confirmAsync.ts';
import { readConfirmation, type ResidentConfirmation } from './confirmRequest.ts';
import type { ResidentInputBody } from './residentFormValues.ts';
import { RESIDENTS_NS } from './i18n.ts';

/** A server that kept asking would otherwise loop; two questions exist, so three rounds suffice. */
const MAX_ROUNDS = 3;

/**
 * Saves a resident (insert, or update with an id). A 301 answer becomes a confirmation —
 * "move the bed link from X?" or "same name, continue?" — and OK resends with the matching
 * flag (confirmBunk / confirmSameName). Resolves true when saved.
 */
export function useSaveResident(feedback: Feedback) {
  const { t } = useTranslation(RESIDENTS_NS);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const ask = (confirmation: ResidentConfirmation, bedName: string) =>
    confirmAsync(feedback, confirmation.kind === 'bedOccupied'
      ? {
          title: t('residents.confirm.bedTitle'),
          content: t('residents.confirm.bedContent', { bed: bedName, name: confirmation.residentName }),
          okText: t('residents.confirm.bedOk'),
          cancelText: t('residents.form.cancel'),
        }
      : {
          title: t('residents.confirm.sameNameTitle'),
          content: confirmation.message || t('residents.confirm.sameNameContent'),
          okText: t('residents.confirm.sameNameOk'),
          cancelText: t('residents.form.cancel'),
        });

  async function save(body: ResidentInputBody, id: number | null, bedName: string): Promise<boolean> {
    setSaving(true);
    const flags = { confirmBunk: false, confirmSameName: false };
    try {
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        try {
          if (id === null) await callApi(insertUser, { ...body, ...flags });
          else await callApi(updateUser, { ...body, ...flags, id });
          feedback.message.success(t(id === null ? 'residents.message.registered' : 'residents.message.saved', { name: body.name }));
          await queryClient.invalidateQueries({ queryKey: CARE_KEY });
          return true;
        } catch (error) {
          const confirmation = readConfirmation(error);
          if (!confirmation) {
            feedback.message.error(errorText(error));
            return false;
          }
          if (!(await ask(confirmation, bedName))) return false;
          if (confirmation.kind === 'bedOccupied') flags.confirmBunk = true;
          else flags.confirmSameName = true;
        }
      }
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving };
}
