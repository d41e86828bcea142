import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataRuleSetting, getAlertData, getCommunityData, getDeviceData, getNursingData, getProviderOption, getSleepData, getUserBunkData, queryRuleSetting,
} from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

export const STATISTICS_KEY = ['statistics'] as const;
/** Snapshots change once a day: a wall screen refetches every 5 minutes to pick up the 00:00 refresh. */
const WALL_REFRESH_MS = 5 * 60_000;

export function useProviderOptions() {
  return useQuery({ queryKey: [...STATISTICS_KEY, 'providers'], queryFn: () => callApi(getProviderOption, {}) });
}

/** Every dashboard section of one provider (null: the server's default, the first option). */
export function useDashboard(providerId: number | null) {
  const input = { providerId };
  const options = <T,>(name: string, fn: () => Promise<T>) => ({ queryKey: [...STATISTICS_KEY, name, providerId], queryFn: fn, refetchInterval: WALL_REFRESH_MS });
  return {
    bunk: useQuery(options('bunk', () => callApi(getUserBunkData, input))),
    devices: useQuery(options('devices', () => callApi(getDeviceData, input))),
    nursing: useQuery(options('nursing', () => callApi(getNursingData, input))),
    alerts: useQuery(options('alerts', () => callApi(getAlertData, input))),
    sleep: useQuery(options('sleep', () => callApi(getSleepData, input))),
    communities: useQuery(options('communities', () => callApi(getCommunityData, input))),
  };
}

export function useRule(providerId: number | null) {
  return useQuery({ queryKey: [...STATISTICS_KEY, 'rule', providerId], queryFn: () => callApi(queryRuleSetting, { providerId }) });
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { providerId: number | null; mult: number }) => callApi(dataRuleSetting, input),
    // The screen asks by the working provider (null) or by id: both read the saved rule.
    onSuccess: (rule, input) => {
      client.setQueryData([...STATISTICS_KEY, 'rule', input.providerId], rule);
      client.setQueryData([...STATISTICS_KEY, 'rule', null], rule);
    },
  });
}
