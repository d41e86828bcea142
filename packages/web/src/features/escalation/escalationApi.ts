import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alarmNotifications, escalationGet, escalationSave, type InputOf } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

const KEY = ['escalation'] as const;

/** The care home's chains, roster, shifts and caregivers. */
export function useEscalation() {
  return useQuery({ queryKey: [...KEY, 'setting'], queryFn: () => callApi(escalationGet, {}) });
}

export function useSaveEscalation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof escalationSave>) => callApi(escalationSave, input),
    onSuccess: (saved) => queryClient.setQueryData([...KEY, 'setting'], saved),
  });
}

/** Who was told of an alarm (refreshed every 10 s while shown: the chain goes on while it is pending). */
export function useAlarmNotifications(alarmId: number) {
  return useQuery({ queryKey: [...KEY, 'notifications', alarmId], queryFn: () => callApi(alarmNotifications, { id: alarmId }), refetchInterval: 10_000 });
}
