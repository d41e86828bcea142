import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { appVersionList, h5VersionList, h5VersionReleaseList, type AppPlatform, type AppVersionState } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

export const APP_VERSIONS_KEY = ['releases', 'app'] as const;
export const H5_VERSIONS_KEY = ['releases', 'h5'] as const;

export interface AppVersionQuery {
  pageNum: number;
  pageSize: number;
  platform?: AppPlatform;
  status?: AppVersionState;
}

export function useAppVersions(query: AppVersionQuery) {
  return useQuery({ queryKey: [...APP_VERSIONS_KEY, 'list', query], queryFn: () => callApi(appVersionList, query), placeholderData: keepPreviousData });
}

export function useH5Versions(query: { pageNum: number; pageSize: number; keyWord?: string }) {
  return useQuery({ queryKey: [...H5_VERSIONS_KEY, 'list', query], queryFn: () => callApi(h5VersionList, query), placeholderData: keepPreviousData });
}

/** The H5 versions an app version runs (the pairing dialog). */
export function usePairedH5(appVersionId: number | null) {
  return useQuery({
    queryKey: [...APP_VERSIONS_KEY, 'h5', appVersionId],
    queryFn: () => (appVersionId === null ? Promise.resolve([]) : callApi(h5VersionReleaseList, { appVersionId })),
    enabled: appVersionId !== null,
  });
}
