import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deviceRecentEvents, enclosureCurrentSite, fallRadarGetSettings, fallRadarList, heGetDeviceList, heSubDevicePairStatus } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

/** Query-key root of gateway, sub-device and fall-monitor data. */
export const GATEWAYS_KEY = ['gateways'] as const;
/** The wizards poll the server this often while they wait for a device. */
export const WIZARD_POLL_MS = 2000;

export interface DeviceListQuery {
  pageNum: number;
  pageSize: number;
  keyWord?: string;
}

/** Hosts with their sub-devices; `refreshMs` keeps door and motion states current (spec 02 §4) while the screen is open. */
export function useHostList(query: DeviceListQuery, refreshMs?: number) {
  return useQuery({ queryKey: [...GATEWAYS_KEY, 'hosts', query], queryFn: () => callApi(heGetDeviceList, query), placeholderData: keepPreviousData, refetchInterval: refreshMs });
}

/** A host with its sub-devices, polled while a wizard waits for pairing. */
export function usePairStatus(hostId: string | null, polling: boolean) {
  return useQuery({
    queryKey: [...GATEWAYS_KEY, 'pairStatus', hostId],
    queryFn: () => callApi(heSubDevicePairStatus, { hostId: hostId ?? '' }),
    enabled: hostId !== null,
    refetchInterval: polling ? WIZARD_POLL_MS : false,
  });
}

/** Events the device reported after `since`, polled while a wizard waits for them. */
export function useRecentEvents(deviceId: string | null, since: number, polling: boolean) {
  return useQuery({
    queryKey: [...GATEWAYS_KEY, 'events', deviceId, since],
    queryFn: () => callApi(deviceRecentEvents, { deviceId: deviceId ?? '', since }),
    enabled: deviceId !== null && polling,
    refetchInterval: polling ? WIZARD_POLL_MS : false,
  });
}

export function useFallRadarList(query: DeviceListQuery) {
  return useQuery({ queryKey: [...GATEWAYS_KEY, 'radars', query], queryFn: () => callApi(fallRadarList, query), placeholderData: keepPreviousData });
}

export function useFallRadar(deviceId: string | null) {
  return useQuery({
    queryKey: [...GATEWAYS_KEY, 'radar', deviceId],
    queryFn: () => callApi(fallRadarGetSettings, { deviceId: deviceId ?? '' }),
    enabled: deviceId !== null,
  });
}

/** The radar's current site, polled every second while real-time mode is on. */
export function useCurrentSite(deviceId: string | null, polling: boolean) {
  return useQuery({
    queryKey: [...GATEWAYS_KEY, 'site', deviceId],
    queryFn: () => callApi(enclosureCurrentSite, { deviceId: deviceId ?? '' }),
    enabled: deviceId !== null,
    refetchInterval: polling ? 1000 : false,
  });
}
