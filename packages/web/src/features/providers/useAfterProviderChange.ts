import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-store.ts';
import { PROVIDERS_KEY, refreshSessionProviders } from './providersApi.ts';

/** What to do after any provider change: reload the lists and, for a class I user, the session's provider list. */
export function useAfterProviderChange(): () => Promise<void> {
  const queryClient = useQueryClient();
  const role = useSession()?.role;
  return async () => {
    await queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY });
    if (role === 'ONE_ROLE') await refreshSessionProviders();
  };
}
