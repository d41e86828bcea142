import { z } from 'zod';
import type { Role } from '../roles.ts';
import { pageOf, pageQuerySchema } from './common.ts';
import { fileOutput } from './care-common.ts';
import { defineOperation } from './define.ts';
import { AUDIT_KINDS } from './audit-values.ts';

export * from './audit-values.ts';

/**
 * The audit trail (docs/audit.md): who changed people's data or safety settings, who signed in
 * (or failed to), who exported personal data and who viewed a resident's reports. Read by the
 * platform's and the care providers' administrators, each within their scope.
 */
export const AuditKindSchema = z.enum(AUDIT_KINDS, { error: 'validation.invalid' });
export type AuditKind = z.infer<typeof AuditKindSchema>;
/** Days the trail is kept before the daily purge (AUDIT_RETENTION_DAYS; default two years). */
export const AUDIT_RETENTION_DAYS_DEFAULT = 730;
/** Rows one export holds at most (newest first). */
export const AUDIT_EXPORT_ROWS_MAX = 50_000;

/** Platform administrators see every row; care providers' administrators their providers' rows. */
export const AUDIT_READERS: readonly Role[] = ['SENIOR_ROLE', 'SUPER_ROLE', 'ONE_ROLE', 'TWO_ROLE'];

const epochMs = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' });
const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).optional().nullable().transform((value) => value || null);

const auditFilterFields = z.object({
  startTime: epochMs.optional().nullable(),
  endTime: epochMs.optional().nullable(),
  kind: AuditKindSchema.optional().nullable(),
  /** Part of the account's login name. */
  userName: text(64),
  /** Part of the operation id (userManagement., alarm.…). */
  operation: text(64),
  /** Part of the record ("residents#12", "residents"). */
  record: text(96),
});
const rangeInOrder = (input: { startTime?: number | null; endTime?: number | null }) => input.startTime == null || input.endTime == null || input.startTime <= input.endTime;
export const auditFilterSchema = auditFilterFields.refine(rangeInOrder, { error: 'validation.dateRange', path: ['endTime'] });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  kind: AuditKindSchema,
  operation: z.string(),
  accountId: z.number().int().nullable(),
  userName: z.string(),
  role: z.string().nullable(),
  providerId: z.number().int().nullable(),
  address: z.string(),
  record: z.string().nullable(),
  /** JSON: {input: {...}, tables: [{table, op, count, rows: [{id, before, after}]}]}; secrets never. */
  changes: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogList = defineOperation({
  id: 'audit.list', method: 'POST', path: '/audit/list', tag: 'audit', encoding: 'json', auth: 'session', roles: AUDIT_READERS,
  summary: 'Audit trail, newest first, within the caller\'s scope; filters: time range (epoch ms), kind, account, operation, record',
  input: pageQuerySchema.omit({ keyWord: true }).extend(auditFilterFields.shape).refine(rangeInOrder, { error: 'validation.dateRange', path: ['endTime'] }),
  output: pageOf(auditEntrySchema),
});

export const auditLogExport = defineOperation({
  id: 'audit.export', method: 'GET', path: '/audit/export', tag: 'audit', encoding: 'query', auth: 'session', roles: AUDIT_READERS,
  summary: 'The filtered audit trail as .xlsx (newest first, at most 50,000 rows); the export is itself recorded',
  input: auditFilterSchema,
  output: fileOutput,
});
