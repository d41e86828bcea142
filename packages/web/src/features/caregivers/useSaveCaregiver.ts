import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { insertNursing, operateNursing } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { CARE_KEY } from '../care-shared/careQueryKeys.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import type { CaregiverBody } from './caregiverFormValues.ts';
import { CAREGIVERS_NS } from './i18n.ts';

/** What a save answers: a new caregiver's login and, when the server made one, its one-time password. */
export interface SavedCaregiver {
  userName: string | null;
  password: string | null;
}

/** Adds (id null) or updates a caregiver; the server's msg is shown on failure. */
export function useSaveCaregiver(feedback: Feedback, onSaved: (saved: SavedCaregiver) => void) {
  const { t } = useTranslation(CAREGIVERS_NS);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, userName }: { id: number | null; body: CaregiverBody; userName: string }): Promise<SavedCaregiver> => {
      if (id === null) {
        const created = await callApi(insertNursing, { ...body, userName: userName.trim() || null });
        return { userName: created.userName, password: created.password };
      }
      await callApi(operateNursing, { op: 'update', id, ...body });
      return { userName: null, password: null };
    },
    onSuccess: async (saved, { id, body }) => {
      feedback.message.success(t(id === null ? 'caregivers.message.created' : 'caregivers.message.saved', { name: body.name }));
      await queryClient.invalidateQueries({ queryKey: CARE_KEY });
      onSaved(saved);
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });
}
