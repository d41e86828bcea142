import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alarmDealMany,
  alarmDealStatus,
  alarmLogList,
  alarmLogUnDeal,
  getResidentAlarmSetting,
  monitorAlertFlag,
  PENDING_PAGE_SIZE,
  queryAlertLevel,
  saveAlertLevel,
  saveResidentAlarmSetting,
  type AlarmRecord,
  type InputOf,
} from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

export const ALARMS_KEY = ['alarms'] as const;
export const ALERT_FLAG_KEY = [...ALARMS_KEY, 'flag'] as const;
export const ALERT_LEVEL_KEY = [...ALARMS_KEY, 'levels'] as const;

/** One page of the pending list: its rows and how many open alarms there are from its start on. */
export interface PendingPage {
  rows: AlarmRecord[];
  total: number;
}

/**
 * The pending list: every open alarm whatever its age, newest first, 1,000 a page. Deviation
 * from spec 02 §7's "last 3600 s" (issue 25; docs/console-alarms.md): an unanswered alarm
 * never ages out. `after` asks for the page after the last row already shown (a cursor, so
 * alarms handled meanwhile never push one out of sight).
 */
export async function fetchPendingAlarms(after?: Pick<AlarmRecord, 'raisedAt' | 'id'>): Promise<PendingPage> {
  const page = await callApi(alarmLogUnDeal, {
    pageNum: 1,
    pageSize: PENDING_PAGE_SIZE,
    orderBy: 'timeStamp',
    order: 'desc',
    ...(after ? { beforeTime: after.raisedAt, beforeId: after.id } : {}),
  });
  return { rows: page.rows, total: page.total };
}

/** Whether the provider has a pending alarm (the bell's dot). */
export function useAlertFlag(enabled: boolean) {
  return useQuery({ queryKey: ALERT_FLAG_KEY, queryFn: () => callApi(monitorAlertFlag, {}), enabled, refetchInterval: 60_000 });
}

/** The provider's alarm levels, voice modes and escalation time. */
export function useAlertLevels(enabled = true) {
  return useQuery({ queryKey: ALERT_LEVEL_KEY, queryFn: () => callApi(queryAlertLevel, {}), enabled, staleTime: 60_000 });
}

export function useSaveAlertLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof saveAlertLevel>) => callApi(saveAlertLevel, input),
    onSuccess: (saved) => queryClient.setQueryData(ALERT_LEVEL_KEY, saved),
  });
}

export type AlarmLogQuery = Partial<InputOf<typeof alarmLogList>> & { pageNum: number; pageSize: number };

/** One page of the alarm log, keeping the previous page while the next loads. */
export function useAlarmLog(query: AlarmLogQuery) {
  return useQuery({ queryKey: [...ALARMS_KEY, 'log', query], queryFn: () => callApi(alarmLogList, query), placeholderData: keepPreviousData });
}

export type HandleAlarmInput = InputOf<typeof alarmDealStatus>;

/** Handles an alarm (release choice, follow-up, remark). */
export function handleAlarm(input: HandleAlarmInput): Promise<AlarmRecord> {
  return callApi(alarmDealStatus, input);
}

export type HandleManyInput = InputOf<typeof alarmDealMany>;

/** Handles several alarms with one choice and remark; the server checks each and lists the refused ones. */
export function handleAlarms(input: HandleManyInput) {
  return callApi(alarmDealMany, input);
}

/** A resident's alarm settings. */
export function useResidentAlarmSetting(userId: number | null) {
  return useQuery({
    queryKey: [...ALARMS_KEY, 'resident', userId],
    queryFn: () => callApi(getResidentAlarmSetting, { userId: userId ?? 0 }),
    enabled: userId !== null,
  });
}

export function useSaveResidentAlarmSetting(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<InputOf<typeof saveResidentAlarmSetting>, 'userId'>) => callApi(saveResidentAlarmSetting, { ...input, userId }),
    onSuccess: (saved) => queryClient.setQueryData([...ALARMS_KEY, 'resident', userId], saved),
  });
}
