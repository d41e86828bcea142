import * as api from '@vigil/contracts';
import { formatMessage, type Language, type MessageKey } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import type { OperationRegistrar } from '../http/register.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { buildWorkbook, fileStamp, spreadsheetFile } from '../modules/spreadsheets/workbook.ts';
import { auditRepository, type AuditFilter } from './audit.repository.ts';
import { auditWriter } from './audit-trail.ts';

/**
 * The audit trail's reading side and upkeep (docs/audit.md): the list and export for the platform's
 * and the providers' administrators (each sees the rows of the providers in reach; the platform's
 * every row), and the daily retention purge (AUDIT_RETENTION_DAYS, default 730).
 */
export function auditModule(deps: { db: Db; log: { error(object: object, message: string): void }; retentionDays: number }) {
  const audit = auditRepository(deps.db);
  const writer = auditWriter(audit, deps.log);
  return {
    writer,
    /** A trail row for work the scheduler did on people's data (no account: user "system"). */
    recordSystem: (operation: string, changes: object) =>
      writer.write({ at: Date.now(), kind: 'change', operation, accountId: null, userName: 'system', role: null, providerId: null, address: '-', requestId: '-', record: null, changes }),
    registerRoutes(routes: OperationRegistrar): void {
      routes.secured(api.auditLogList, async (input, { session }) => {
        const { pageNum, pageSize, ...filter } = input;
        const page = await audit.page(session.scope.providerIds, filter, pageNum, pageSize);
        return { ...page, pageNum, pageSize };
      });
      routes.secured(api.auditLogExport, async (input, { session, language }) => {
        const rows = await audit.all(session.scope.providerIds, input as AuditFilter, api.AUDIT_EXPORT_ROWS_MAX);
        const t = (key: string) => formatMessage(language as Language, key as MessageKey);
        const headers = ['time', 'kind', 'account', 'role', 'address', 'operation', 'record', 'changes'].map((column) => t(`audit.col.${column}`));
        const bytes = buildWorkbook(
          'audit',
          headers,
          rows.map((row) => [new Date(row.at).toISOString(), t(`audit.kind.${row.kind}`), row.userName, row.role ?? '', row.address, row.operation, row.record ?? '', row.changes.slice(0, 32_000)]),
        );
        return spreadsheetFile(`audit-${fileStamp(Date.now())}.xlsx`, bytes);
      });
    },
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({ name: 'audit-retention', schedule: { everyMs: 86_400_000 }, runAtStart: true, run: async ({ now }) => void (await audit.purgeBefore(now - deps.retentionDays * 86_400_000)) });
    },
  };
}
