import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_VENDOR_ROLES, getDevice, getDeviceList, getDeviceSummary, type InputOf, type Role } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

/** Query-key root of every device query: a change to one device refreshes lists, counts and details. */
export const DEVICES_KEY = ['devices'] as const;
/** The detail drawer asks for the device's live status this often (the socket arrives with alarms). */
export const DETAIL_POLL_MS = 3_000;
/** The list refreshes its online, battery and signal columns this often when the socket is not there to tell it. */
export const LIST_POLL_MS = 10_000;
/** With the socket live (useLiveDevices), a slow poll only as a safety net. */
export const LIST_LIVE_POLL_MS = 120_000;

export type DeviceListQuery = InputOf<typeof getDeviceList> & { pageNum: number; pageSize: number };
export type DeviceSummaryQuery = InputOf<typeof getDeviceSummary>;

/** True for the vendor's roles: they fill the stock, see every provider's devices and the device keys. */
export function isVendorRole(role: Role | undefined): boolean {
  return DEVICE_VENDOR_ROLES.some((vendor) => vendor === role);
}

/**
 * One page of devices; keeps the previous page while the next loads. Live (the socket tells
 * it when a shown device reports, useLiveDevices) or else polled, so online and battery stay current.
 */
export function useDeviceList(query: DeviceListQuery, live = false) {
  return useQuery({
    queryKey: [...DEVICES_KEY, 'list', query],
    queryFn: () => callApi(getDeviceList, query),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIST_LIVE_POLL_MS : LIST_POLL_MS,
  });
}

/** Counts for the summary cards under the type filter (refreshed with the list when live). */
export function useDeviceSummary(query: DeviceSummaryQuery, live = false) {
  return useQuery({ queryKey: [...DEVICES_KEY, 'summary', query], queryFn: () => callApi(getDeviceSummary, query), refetchInterval: live ? LIST_LIVE_POLL_MS : LIST_POLL_MS });
}

/** One device with its settings and last command, polled every few seconds while shown. */
export function useDeviceDetail(id: number | null) {
  return useQuery({
    queryKey: [...DEVICES_KEY, 'detail', id],
    queryFn: () => callApi(getDevice, { id: id ?? 0 }),
    enabled: id !== null,
    refetchInterval: DETAIL_POLL_MS,
  });
}

/** Refreshes every device query (after an add, edit, delete, bind or setting). */
export function useRefreshDevices(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
}
