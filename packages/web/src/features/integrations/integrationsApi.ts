import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookDelete, webhookDeliveries, webhookList, webhookResend, webhookSave, type InputOf } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

const KEY = ['webhooks'] as const;

export function useWebhooks() {
  return useQuery({ queryKey: [...KEY, 'list'], queryFn: () => callApi(webhookList, {}) });
}

/** The delivery log, refreshed every 10 s while open (retries change it). */
export function useDeliveries(input: { webhookId?: number; pageNum: number; pageSize: number }) {
  return useQuery({ queryKey: [...KEY, 'deliveries', input], queryFn: () => callApi(webhookDeliveries, input), placeholderData: keepPreviousData, refetchInterval: 10_000 });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof webhookSave>) => callApi(webhookSave, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(webhookDelete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(webhookResend, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'deliveries'] }),
  });
}
