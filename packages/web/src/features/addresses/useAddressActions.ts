import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAreaById, deleteBunk, deleteRoomById } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useRefreshCare } from './addressesApi.ts';
import { ADDRESSES_NS } from './i18n.ts';

/** A place of the address tree, as the dialogs and confirmations name it. */
export interface PlaceRef {
  level: 'area' | 'floor' | 'room' | 'bed';
  id: number;
  name: string;
}

const DELETE_CALLS = {
  area: (id: number) => callApi(deleteAreaById, { id }),
  floor: (id: number) => callApi(deleteAreaById, { id }),
  room: (id: number) => callApi(deleteRoomById, { id }),
  bed: (id: number) => callApi(deleteBunk, { id }),
} as const;

/** Literal keys, so an extractor finds them. */
const DELETE_TITLE_KEYS = {
  area: 'addresses.confirm.deleteArea',
  floor: 'addresses.confirm.deleteFloor',
  room: 'addresses.confirm.deleteRoom',
  bed: 'addresses.confirm.deleteBed',
} as const;

/**
 * Deleting a place, after a confirmation. The server refuses a non-empty place (an area
 * with floors, a floor with rooms, a room with beds, a bed with a resident) and says why;
 * that reason is shown as it comes. Areas and floors are confirmed by typing their name
 * (a building is the biggest thing a slip could take); rooms and beds by a plain confirm.
 */
export function useAddressActions(feedback: Feedback) {
  const { t } = useTranslation(ADDRESSES_NS);
  const refresh = useRefreshCare();
  /** The area or floor waiting for its typed-name confirmation. */
  const [typedDelete, setTypedDelete] = useState<PlaceRef | null>(null);

  async function deleteNow(place: PlaceRef): Promise<void> {
    try {
      await DELETE_CALLS[place.level](place.id);
      feedback.message.success(t('addresses.message.deleted', { name: place.name }));
      await refresh();
    } catch (error) {
      feedback.modal.warning({ title: t('addresses.message.deleteRefused', { name: place.name }), content: errorText(error), okText: t('addresses.form.close') });
    }
  }

  const remove = (place: PlaceRef) => {
    if (place.level === 'area' || place.level === 'floor') {
      setTypedDelete(place);
      return;
    }
    feedback.modal.confirm({
      title: t(DELETE_TITLE_KEYS[place.level], { name: place.name }),
      content: t('addresses.confirm.cannotUndo'),
      okText: t('addresses.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('addresses.form.cancel'),
      onOk: () => deleteNow(place),
    });
  };

  /** Props for the typed-name confirmation of an area or floor delete. */
  const typedDeleteDialog = {
    name: typedDelete?.name ?? null,
    title: typedDelete ? t(DELETE_TITLE_KEYS[typedDelete.level], { name: typedDelete.name }) : '',
    content: t('addresses.confirm.deletePlaceContent'),
    inputLabel: t('addresses.confirm.typeName', { name: typedDelete?.name ?? '' }),
    okText: t('addresses.action.delete'),
    cancelText: t('addresses.form.cancel'),
    onConfirm: () => (typedDelete ? deleteNow(typedDelete) : Promise.resolve()),
    onClose: () => setTypedDelete(null),
  };

  return { remove, refresh, typedDeleteDialog };
}
