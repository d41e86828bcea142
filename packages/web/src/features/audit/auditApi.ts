import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogList, type AuditKind } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';

export interface AuditQuery {
  pageNum: number;
  pageSize: number;
  startTime?: number;
  endTime?: number;
  kind?: AuditKind;
  userName?: string;
  operation?: string;
  record?: string;
}

/** One page of the audit trail in the caller's scope, keeping the previous page while the next loads. */
export function useAuditList(query: AuditQuery) {
  return useQuery({ queryKey: ['audit', query], queryFn: () => callApi(auditLogList, query), placeholderData: keepPreviousData });
}
