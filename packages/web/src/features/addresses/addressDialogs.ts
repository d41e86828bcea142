import type { AreaNode, BedNode, FloorNode, RoomNode } from './addressesApi.ts';
import type { PlaceRef } from './useAddressActions.ts';

/** The dialog the address page has open. */
export type AddressDialog =
  | { kind: 'addArea' }
  | { kind: 'addFloor'; area: AreaNode }
  | { kind: 'rename'; place: PlaceRef }
  | { kind: 'addRooms'; floor: FloorNode }
  | { kind: 'addBeds'; room: RoomNode }
  | { kind: 'editBed'; bed: BedNode }
  | { kind: 'geofence'; area: AreaNode }
  | { kind: 'community'; area: AreaNode };

/** What the tree and the cards can ask the page to do. */
export interface AddressHandlers {
  open: (dialog: AddressDialog) => void;
  remove: (place: PlaceRef) => void;
}
