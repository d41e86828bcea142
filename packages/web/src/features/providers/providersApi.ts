import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { platformInfo, queryDeletedProviderList, queryProviderList } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { updateSession } from '../../session/session-store.ts';

/** Query-key root of every provider list; invalidate it after a change. */
export const PROVIDERS_KEY = ['providers'] as const;

export interface ProviderListQuery {
  pageNum: number;
  pageSize: number;
  keyWord?: string;
}

/** One page of providers in the caller's scope, keeping the previous page while the next loads. */
export function useProviderList(query: ProviderListQuery) {
  return useQuery({
    queryKey: [...PROVIDERS_KEY, 'list', query],
    queryFn: () => callApi(queryProviderList, query),
    placeholderData: keepPreviousData,
  });
}

/** One page of deleted providers a vendor role may still restore. */
export function useDeletedProviderList(query: ProviderListQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...PROVIDERS_KEY, 'deleted', query],
    queryFn: () => callApi(queryDeletedProviderList, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Enabled class I providers, the superiors a vendor may pick for a new class II provider. */
export function useClassOneProviders(enabled: boolean) {
  return useQuery({
    queryKey: [...PROVIDERS_KEY, 'classOne'],
    queryFn: () => callApi(queryProviderList, { pageNum: 1, pageSize: 1000, level: 1, enabled: true }),
    enabled,
    select: (page) => page.rows.map((provider) => ({ value: provider.id, label: provider.name })),
  });
}

/**
 * Re-reads the signed-in class I user's provider list into the session, so the
 * provider switcher reflects a created, renamed, enabled, disabled or deleted provider.
 */
export async function refreshSessionProviders(): Promise<void> {
  try {
    const info = await callApi(platformInfo, {});
    updateSession({ providerList: info.providerList });
  } catch {
    // The list stays as it was; the next login or platform-info read corrects it.
  }
}
