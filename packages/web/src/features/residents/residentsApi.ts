import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUserMessageById, PAGE_SIZE_MAX, queryNursingList, userList, userSummary, type ResidentState } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { CAREGIVERS_KEY, RESIDENTS_KEY } from '../care-shared/careQueryKeys.ts';

/** The resident list's filters and page. */
export interface ResidentListQuery {
  pageNum: number;
  pageSize: number;
  keyWord?: string;
  areaId?: number;
  state?: ResidentState;
  attention?: boolean;
}

/** One page of residents, keeping the previous page while the next loads. */
export function useResidentList(query: ResidentListQuery) {
  return useQuery({ queryKey: [...RESIDENTS_KEY, 'list', query], queryFn: () => callApi(userList, query), placeholderData: keepPreviousData });
}

/** Resident counts per state and under attention. */
export function useResidentSummary() {
  return useQuery({ queryKey: [...RESIDENTS_KEY, 'summary'], queryFn: () => callApi(userSummary, {}) });
}

/** One resident with contacts, caregivers and bed (for the edit form); idle without an id. */
export function useResident(id: number | null) {
  return useQuery({
    queryKey: [...RESIDENTS_KEY, 'one', id],
    queryFn: () => callApi(getUserMessageById, { id: id ?? 0 }),
    enabled: id !== null,
    // The form copies the resident once; refetching behind it would not update the fields anyway.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Every caregiver as a picker option (the contract's largest page). */
export function useCaregiverOptions() {
  return useQuery({
    queryKey: [...CAREGIVERS_KEY, 'options'],
    queryFn: () => callApi(queryNursingList, { pageNum: 1, pageSize: PAGE_SIZE_MAX }),
    select: (page) => page.rows.map((caregiver) => ({ value: caregiver.id, label: caregiver.phone ? `${caregiver.name} (${caregiver.phone})` : caregiver.name })),
  });
}
