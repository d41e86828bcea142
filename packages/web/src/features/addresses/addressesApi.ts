import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bunkSummary, enclosureGetByArea, getAreaWithRoomList, type OutputOf } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { ADDRESSES_KEY, CARE_KEY } from '../care-shared/careQueryKeys.ts';

/** The address tree: areas → floors → rooms → beds. */
export type AddressTree = OutputOf<typeof getAreaWithRoomList>;
export type AreaNode = AddressTree[number];
export type FloorNode = AreaNode['floors'][number];
export type RoomNode = FloorNode['rooms'][number];
export type BedNode = RoomNode['beds'][number];
export type Geofence = OutputOf<typeof enclosureGetByArea>[number];

/** The provider's whole address tree with residents and devices on the beds. */
export function useAddressTree() {
  return useQuery({ queryKey: [...ADDRESSES_KEY, 'tree'], queryFn: () => callApi(getAreaWithRoomList, {}) });
}

/** Bed counts: total, occupied, vacant, with a device. */
export function useBedSummary() {
  return useQuery({ queryKey: [...ADDRESSES_KEY, 'summary'], queryFn: () => callApi(bunkSummary, {}) });
}

/** The geofences of one area (fetched only while its dialog is open). */
export function useGeofences(areaId: number | null) {
  return useQuery({
    queryKey: [...ADDRESSES_KEY, 'geofences', areaId],
    queryFn: () => callApi(enclosureGetByArea, { areaId: areaId ?? undefined }),
    enabled: areaId !== null,
  });
}

/** Refreshes every care list after a change (bed names and occupancy show in residents and caregivers too). */
export function useRefreshCare(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CARE_KEY });
}
