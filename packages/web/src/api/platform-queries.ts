import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { platformNameGet, platformSettingGet, querySystemConfig, serverVersion } from '@vigil/contracts';
import { callApi } from './client.ts';

/**
 * Query keys of the platform-wide reads the shell shows (name, logo, version, edition).
 * Invalidate `PLATFORM_QUERY_ROOT` after renaming the platform or saving its logo.
 */
export const PLATFORM_QUERY_ROOT = ['platform'] as const;
export const platformQueryKeys = {
  name: [...PLATFORM_QUERY_ROOT, 'name'] as const,
  setting: (userId: number | null) => [...PLATFORM_QUERY_ROOT, 'setting', userId] as const,
  version: [...PLATFORM_QUERY_ROOT, 'version'] as const,
  systemConfig: [...PLATFORM_QUERY_ROOT, 'systemConfig'] as const,
};

const platformNameQuery = queryOptions({ queryKey: platformQueryKeys.name, queryFn: () => callApi(platformNameGet, {}), staleTime: 60_000 });
const platformSettingQuery = (userId: number | null) =>
  queryOptions({
    queryKey: platformQueryKeys.setting(userId),
    queryFn: () => callApi(platformSettingGet, userId === null ? {} : { userId }),
    staleTime: 60_000,
  });
const serverVersionQuery = queryOptions({ queryKey: platformQueryKeys.version, queryFn: () => callApi(serverVersion, {}), staleTime: 5 * 60_000 });
const systemConfigQuery = queryOptions({ queryKey: platformQueryKeys.systemConfig, queryFn: () => callApi(querySystemConfig, {}), staleTime: 5 * 60_000 });

/** The platform name (public; also on the login page). */
export function usePlatformName() {
  return useQuery(platformNameQuery);
}

/** The platform setting (name and logo URL) for the signed-in user, or the public default. */
export function usePlatformSetting(userId: number | null) {
  return useQuery(platformSettingQuery(userId));
}

/** The server's version, commit, database and start time (sidebar label). */
export function useServerVersion() {
  return useQuery(serverVersionQuery);
}

/** The edition (domestic or overseas) and platform time zone, read before login. */
export function useSystemConfig() {
  return useQuery(systemConfigQuery);
}

/**
 * Starts the platform reads as the console opens (main.tsx), beside its code, so they are in
 * when the first page renders. Asked for by the first render instead, they arrived after it,
 * and each answer rendered again, at once, everything that reads it: the edition is read by
 * the shell, its menu and every screen's gate (a 110 ms task on the resident list here).
 * `userId` is the signed-in user's, or null on the login page (which shows no version).
 */
export function prefetchPlatformQueries(client: QueryClient, userId: number | null): void {
  void client.prefetchQuery(systemConfigQuery);
  void client.prefetchQuery(platformNameQuery);
  void client.prefetchQuery(platformSettingQuery(userId));
  if (userId !== null) void client.prefetchQuery(serverVersionQuery);
}
