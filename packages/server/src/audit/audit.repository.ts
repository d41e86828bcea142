import type { AuditEntry as AuditRow, AuditKind } from '@vigil/contracts';
import type { Db } from '../db/database.ts';

export interface AuditInsert {
  at: number;
  kind: AuditKind;
  operation: string;
  accountId: number | null;
  userName: string;
  role: string | null;
  providerId: number | null;
  address: string;
  requestId: string;
  record: string | null;
  changes: string;
}

export interface AuditFilter {
  startTime?: number | null;
  endTime?: number | null;
  kind?: AuditKind | null;
  userName?: string | null;
  operation?: string | null;
  record?: string | null;
}

/** 'all' for the platform's administrators, else the providers in the caller's reach. */
export type AuditReach = 'all' | readonly number[];

const like = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The audit trail's table (append-only: no update here, and the database refuses one). */
export function auditRepository(db: Db) {
  const filtered = (reach: AuditReach, filter: AuditFilter) => {
    let query = db.selectFrom('audit_log');
    if (reach !== 'all') query = reach.length === 0 ? query.where('provider_id', '=', -1) : query.where('provider_id', 'in', reach);
    if (filter.startTime != null) query = query.where('at', '>=', filter.startTime);
    if (filter.endTime != null) query = query.where('at', '<=', filter.endTime);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.userName) query = query.where('user_name', 'like', like(filter.userName));
    if (filter.operation) query = query.where('operation', 'like', like(filter.operation));
    if (filter.record) query = query.where('record', 'like', like(filter.record));
    return query;
  };
  const present = (row: { id: number; at: number; kind: string; operation: string; account_id: number | null; user_name: string; role: string | null; provider_id: number | null; address: string; record: string | null; changes: string }): AuditRow => ({
    id: row.id, at: Number(row.at), kind: row.kind as AuditKind, operation: row.operation, accountId: row.account_id, userName: row.user_name, role: row.role,
    providerId: row.provider_id, address: row.address, record: row.record, changes: row.changes,
  });
  return {
    async insert(entry: AuditInsert): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          at: entry.at, kind: entry.kind, operation: entry.operation, account_id: entry.accountId, user_name: entry.userName, role: entry.role,
          provider_id: entry.providerId, address: entry.address, request_id: entry.requestId, record: entry.record, changes: entry.changes,
        })
        .execute();
    },
    async page(reach: AuditReach, filter: AuditFilter, pageNum: number, pageSize: number): Promise<{ rows: AuditRow[]; total: number }> {
      const total = await filtered(reach, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await filtered(reach, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
      return { rows: rows.map(present), total: Number(total?.n ?? 0) };
    },
    async all(reach: AuditReach, filter: AuditFilter, max: number): Promise<AuditRow[]> {
      return (await filtered(reach, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(max).execute()).map(present);
    },
    /** The retention purge (the only deletion): rows older than `time`. */
    async purgeBefore(time: number): Promise<number> {
      const result = await db.deleteFrom('audit_log').where('at', '<', time).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
