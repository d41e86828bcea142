import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getNursing, queryNursingList, userList, type Caregiver, type CAREGIVER_GRADES } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { CAREGIVERS_KEY, RESIDENTS_KEY } from '../care-shared/careQueryKeys.ts';

export type CaregiverGrade = (typeof CAREGIVER_GRADES)[number];

/** The caregiver list's filters and page. */
export interface CaregiverListQuery {
  pageNum: number;
  pageSize: number;
  keyWord?: string;
  grade?: CaregiverGrade;
  enabled?: boolean;
}

/** One page of caregivers, keeping the previous page while the next loads. */
export function useCaregiverList(query: CaregiverListQuery) {
  return useQuery({ queryKey: [...CAREGIVERS_KEY, 'list', query], queryFn: () => callApi(queryNursingList, query), placeholderData: keepPreviousData });
}

/** One caregiver for the edit form: the row the list passed along (`fromList`), else read from the server. */
export function useCaregiver(id: number | null, fromList: () => Promise<Caregiver | null>) {
  return useQuery({
    queryKey: [...CAREGIVERS_KEY, 'one', id],
    queryFn: async (): Promise<Caregiver | null> => {
      if (id === null) return null;
      const passed = await fromList();
      return passed?.id === id ? passed : callApi(getNursing, { id });
    },
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Residents whose name, bed or room matches what is typed, as picker options (first 50). */
export function useResidentSearch(keyWord: string) {
  return useQuery({
    queryKey: [...RESIDENTS_KEY, 'search', keyWord],
    queryFn: () => callApi(userList, { pageNum: 1, pageSize: 50, keyWord: keyWord || undefined }),
    select: (page) =>
      page.rows.map((resident) => ({
        value: resident.id,
        label: resident.bunkName ? `${resident.name} · ${[resident.roomName, resident.bunkName].filter(Boolean).join(' ')}` : resident.name,
      })),
    placeholderData: keepPreviousData,
  });
}
