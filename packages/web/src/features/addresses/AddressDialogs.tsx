import { useTranslation } from 'react-i18next';
import { insertArea, insertBunks, insertRooms, updateArea, updateRoom } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import type { AddressDialog } from './addressDialogs.ts';
import { useRefreshCare } from './addressesApi.ts';
import { BatchNamesDialog } from './BatchNamesDialog.tsx';
import { BedDialog } from './BedDialog.tsx';
import { CommunityConfigDialog } from './CommunityConfigDialog.tsx';
import { GeofenceDialog } from './GeofenceDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import { ADDRESSES_NS } from './i18n.ts';

export interface AddressDialogsProps {
  dialog: AddressDialog | null;
  feedback: Feedback;
  onClose: () => void;
  /** Called with the new area's or floor's tree key so the page can select it. */
  onPlaceAdded: (key: `area-${number}` | `floor-${number}`) => void;
}

/** The page's dialogs: add area or floor, rename, add rooms or beds, edit a bed, geofences. */
export function AddressDialogs({ dialog, feedback, onClose, onPlaceAdded }: AddressDialogsProps) {
  const { t } = useTranslation(ADDRESSES_NS);
  const refresh = useRefreshCare();
  const saved = () => void refresh();
  const common = { feedback, onClose, onSaved: saved };
  const kind = dialog?.kind;

  const rename = dialog?.kind === 'rename' ? dialog.place : null;
  const renameCall = (name: string) =>
    rename?.level === 'room' ? callApi(updateRoom, { id: rename.id, name }) : callApi(updateArea, { id: rename?.id ?? 0, name });
  const addFloorTo = dialog?.kind === 'addFloor' ? dialog.area : null;
  const roomsFloor = dialog?.kind === 'addRooms' ? dialog.floor : null;
  const bedsRoom = dialog?.kind === 'addBeds' ? dialog.room : null;

  return (
    <>
      <NameDialog
        {...common}
        open={kind === 'addArea'}
        title={t('addresses.area.addTitle')}
        label={t('addresses.area.name')}
        okText={t('addresses.form.add')}
        successText={t('addresses.message.areaAdded')}
        save={async (name) => onPlaceAdded(`area-${(await callApi(insertArea, { name })).id}`)}
      />
      <NameDialog
        {...common}
        open={addFloorTo !== null}
        title={t('addresses.floor.addTitle', { name: addFloorTo?.name ?? '' })}
        label={t('addresses.floor.name')}
        okText={t('addresses.form.add')}
        successText={t('addresses.message.floorAdded')}
        save={async (name) => onPlaceAdded(`floor-${(await callApi(insertArea, { name, parentId: addFloorTo?.id ?? null })).id}`)}
      />
      <NameDialog
        {...common}
        open={rename !== null}
        title={t('addresses.rename.title', { name: rename?.name ?? '' })}
        label={t('addresses.rename.label')}
        okText={t('addresses.form.save')}
        initialName={rename?.name}
        successText={t('addresses.message.renamed')}
        save={renameCall}
      />
      <BatchNamesDialog
        {...common}
        open={roomsFloor !== null}
        title={t('addresses.room.addTitle', { name: roomsFloor?.name ?? '' })}
        label={t('addresses.room.names')}
        placeholder={t('addresses.room.namesPlaceholder')}
        save={(names) => callApi(insertRooms, { floorId: roomsFloor?.id ?? 0, names })}
        successText={(count) => t('addresses.message.roomsAdded', { count })}
      />
      <BatchNamesDialog
        {...common}
        open={bedsRoom !== null}
        title={t('addresses.bed.addTitle', { name: bedsRoom?.name ?? '' })}
        label={t('addresses.bed.names')}
        placeholder={t('addresses.bed.namesPlaceholder')}
        save={(names) => callApi(insertBunks, { roomId: bedsRoom?.id ?? 0, names })}
        successText={(count) => t('addresses.message.bedsAdded', { count })}
      />
      <BedDialog {...common} bed={dialog?.kind === 'editBed' ? dialog.bed : null} />
      <GeofenceDialog area={dialog?.kind === 'geofence' ? dialog.area : null} feedback={feedback} onClose={onClose} />
      <CommunityConfigDialog area={dialog?.kind === 'community' ? dialog.area : null} feedback={feedback} onClose={onClose} />
    </>
  );
}
