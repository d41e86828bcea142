import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** The console's TanStack Query client: no retries for answered failures (the server said no). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof ApiError && error.status !== 0) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
