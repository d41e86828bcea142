import { useQuery } from '@tanstack/react-query';
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

/** The platform name (public; also on the login page). */
export function usePlatformName() {
  return useQuery({ queryKey: platformQueryKeys.name, queryFn: () => callApi(platformNameGet, {}), staleTime: 60_000 });
}

/** The platform setting (name and logo URL) for the signed-in user, or the public default. */
export function usePlatformSetting(userId: number | null) {
  return useQuery({
    queryKey: platformQueryKeys.setting(userId),
    queryFn: () => callApi(platformSettingGet, userId === null ? {} : { userId }),
    staleTime: 60_000,
  });
}

/** The server's version, commit, database and start time (sidebar label). */
export function useServerVersion() {
  return useQuery({ queryKey: platformQueryKeys.version, queryFn: () => callApi(serverVersion, {}), staleTime: 5 * 60_000 });
}

/** The edition (domestic or overseas) and platform time zone, read before login. */
export function useSystemConfig() {
  return useQuery({ queryKey: platformQueryKeys.systemConfig, queryFn: () => callApi(querySystemConfig, {}), staleTime: 5 * 60_000 });
}
