import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDeviceList, getOriginDataPage, type OriginDataKind } from '@vigil/contracts';
import { callApi } from '../../../api/client.ts';
import { DEVICES_KEY } from '../devicesApi.ts';

/** What the original-data screen asks for: one device, a range [startTime, endTime) in epoch ms, a kind and a page. */
export interface OriginDataQuery {
  deviceId: string;
  startTime: number;
  endTime: number;
  kind: OriginDataKind;
  pageNum: number;
  pageSize: number;
}

/** One page of what a device sent; nothing is asked until a device and range are chosen. */
export function useOriginData(query: OriginDataQuery | null) {
  return useQuery({
    queryKey: [...DEVICES_KEY, 'origin', query],
    queryFn: () => (query ? callApi(getOriginDataPage, query) : null),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** Devices whose ID matches what is typed, as picker options (first 20). */
export function useDeviceOptions(keyWord: string) {
  return useQuery({
    queryKey: [...DEVICES_KEY, 'options', keyWord],
    queryFn: () => callApi(getDeviceList, { pageNum: 1, pageSize: 20, keyWord: keyWord || undefined }),
    select: (page) => page.rows.map((device) => ({ value: device.deviceId, label: `${device.deviceId} · ${device.model}` })),
    placeholderData: keepPreviousData,
  });
}
