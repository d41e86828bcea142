import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryAccountList, queryProviderList, type Role } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

/** Query-key root of every account list; invalidate it after a change. */
export const ACCOUNTS_KEY = ['accounts'] as const;

export interface AccountListQuery {
  pageNum: number;
  pageSize: number;
  keyWord?: string;
  role?: Role;
}

/** One page of accounts in the caller's scope, keeping the previous page while the next loads. */
export function useAccountList(query: AccountListQuery) {
  return useQuery({
    queryKey: [...ACCOUNTS_KEY, query],
    queryFn: () => callApi(queryAccountList, query),
    placeholderData: keepPreviousData,
  });
}

/** Providers a vendor can bind a new provider-bound account to (only fetched when needed). */
export function useProviderChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['providers', 'choices'],
    queryFn: () => callApi(queryProviderList, { pageNum: 1, pageSize: 1000 }),
    enabled,
    select: (page) => page.rows.filter((provider) => provider.enabled).map((provider) => ({ value: provider.id, label: provider.name })),
  });
}
