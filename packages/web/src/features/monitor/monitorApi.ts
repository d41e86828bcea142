import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { monitorAddFocusUser, monitorDeleteFocusUser, monitorFocusUsers, monitorRecentSamples, monitorUserList } from '@vigil/contracts';
import { useEffect } from 'react';
import { callApi } from '../../api/client.ts';
import { liveBoard } from './liveBoard.ts';

export const MONITOR_KEY = ['monitor'] as const;
/** The board reads every household in one page (the spec's pending list uses 1000 too). */
export const BOARD_PAGE_SIZE = 1000;

export interface BoardFilter {
  areaId?: number;
  floorId?: number;
}

/** All households with live state (the board); the states also seed the live board store. */
export function useBoard(filter: BoardFilter) {
  const query = useQuery({
    queryKey: [...MONITOR_KEY, 'board', filter],
    queryFn: () => callApi(monitorUserList, { ...filter, pageNum: 1, pageSize: BOARD_PAGE_SIZE }),
  });
  useEffect(() => {
    if (query.data) liveBoard.load(query.data.rows);
  }, [query.data]);
  return query;
}

/** The account's focus residents with live state. */
export function useFocusUsers() {
  const query = useQuery({ queryKey: [...MONITOR_KEY, 'focus'], queryFn: () => callApi(monitorFocusUsers, {}) });
  useEffect(() => {
    if (query.data) liveBoard.load(query.data);
  }, [query.data]);
  return query;
}

/** The resident's last 10 minutes from the server, put under the live samples (the household chart starts full). */
export function useRecentSamples(userId: number) {
  const query = useQuery({ queryKey: [...MONITOR_KEY, 'recent', userId], queryFn: () => callApi(monitorRecentSamples, { userId }), staleTime: Infinity });
  useEffect(() => {
    if (query.data) liveBoard.seed(userId, query.data);
  }, [query.data, userId]);
  return query;
}

export function useFocusChange() {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: MONITOR_KEY });
  const add = useMutation({ mutationFn: (userIds: number[]) => callApi(monitorAddFocusUser, { userIds }), onSuccess: invalidate });
  const remove = useMutation({ mutationFn: (userId: number) => callApi(monitorDeleteFocusUser, { userId }), onSuccess: invalidate });
  return { add, remove };
}
