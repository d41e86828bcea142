import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analyticsSettings, handoverSummary, responseTimes, saveAnalyticsSettings, type InputOf } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

export const ANALYTICS_KEY = ['analytics'] as const;
const SETTINGS_KEY = [...ANALYTICS_KEY, 'settings'] as const;

/** Response-time figures between two local dates. */
export function useResponseTimes(range: { from: string; to: string }) {
  return useQuery({ queryKey: [...ANALYTICS_KEY, 'responseTimes', range], queryFn: () => callApi(responseTimes, range), placeholderData: keepPreviousData });
}

/** The provider's shifts and response target. */
export function useAnalyticsSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => callApi(analyticsSettings, {}), staleTime: 60_000 });
}

export function useSaveAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof saveAnalyticsSettings>) => callApi(saveAnalyticsSettings, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY });
    },
  });
}

/** The night handover summary of a date (the stored copy unless `fresh`). */
export function useHandover(input: { date?: string; fresh?: boolean }) {
  return useQuery({ queryKey: [...ANALYTICS_KEY, 'handover', input], queryFn: () => callApi(handoverSummary, input), placeholderData: keepPreviousData });
}
