import { Status, type AuditKind, type Operation } from '@vigil/contracts';
import { AppError } from '../http/errors.ts';
import type { SessionInfo } from '../http/context.ts';
import type { AuditRepository } from './audit.repository.ts';
import { auditStorage, REDACTED, SECRET_FIELD, type AuditScope, type TableChange } from '../db/audit-capture.ts';

/**
 * The audit trail (docs/audit.md): one append-only row per operation that changed people's data
 * or safety settings (with the rows and fields before and after), per login and failed login,
 * per export of personal data (every operation that answers a file) and per view of a
 * resident's reports. Written by the operation layer (http/register.ts) for every operation:
 * the modules do nothing for it.
 */

export type { AuditKind };

/** Operations that sign in (their failures are recorded too). */
export const LOGIN_OPERATIONS = new Set(['admin.login', 'admin.sso']);
/**
 * Operations that erase personal data: their trail row lists the fields and rows that went, not
 * their values (the trail must not keep what was erased).
 */
export const ERASING_OPERATIONS = new Set(['userManagement.erase']);
/** Reads of a resident's health data whose every view is recorded: the sleep reports. */
export const VIEW_TAGS = new Set(['reports']);

export interface AuditActor {
  accountId: number | null;
  userName: string;
  role: string | null;
  providerId: number | null;
  address: string;
  requestId: string;
}

export interface AuditEntry extends AuditActor {
  at: number;
  kind: AuditKind;
  operation: string;
  record: string | null;
  changes: object;
}

export function actorOf(session: SessionInfo | null | undefined, fallbackUserName: string, address: string, requestId: string): AuditActor {
  return {
    accountId: session?.accountId ?? null,
    userName: session?.userName ?? fallbackUserName,
    role: session?.scope.role ?? null,
    providerId: session?.scope.currentProviderId ?? session?.scope.homeProviderId ?? null,
    address,
    requestId,
  };
}

/** The input fields worth keeping beside a view or export: which resident, which dates (never secrets). */
function inputSummary(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null) return {};
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (SECRET_FIELD.test(field)) {
      if (value !== undefined && value !== null && value !== '') out[field] = REDACTED;
      continue;
    }
    if (value === undefined || value === null || typeof value === 'object') continue;
    out[field] = typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
  }
  return out;
}

function recordOf(changes: TableChange[], input: unknown): string | null {
  const first = changes.find((change) => change.rows.length > 0);
  if (first) return `${first.table}#${String(first.rows[0]!.id)}`.slice(0, 96);
  if (typeof input === 'object' && input !== null) {
    const values = input as Record<string, unknown>;
    for (const field of ['userId', 'residentId', 'id']) if (typeof values[field] === 'number') return `${field === 'id' ? 'record' : 'residents'}#${values[field]}`;
  }
  return null;
}

/** What an operation call leaves in the trail, if anything. */
export function auditEntryFor(args: {
  operation: Operation;
  scope: AuditScope;
  input: unknown;
  failed: boolean;
  answeredFile: boolean;
  actor: AuditActor;
  at: number;
}): AuditEntry | null {
  const { operation, scope, input, actor, at } = args;
  const base = { ...actor, at, operation: operation.id };
  if (LOGIN_OPERATIONS.has(operation.id)) {
    return { ...base, kind: args.failed ? 'loginFailed' : 'login', record: null, changes: { input: inputSummary(input) } };
  }
  if (args.failed) return null;
  if (scope.changes.length > 0) {
    const tables = ERASING_OPERATIONS.has(operation.id)
      ? scope.changes.map((change) => ({ ...change, rows: change.rows.map((row) => ({ id: row.id, fields: Object.keys(row.before ?? row.after ?? {}) })) }))
      : scope.changes;
    return { ...base, kind: 'change', record: recordOf(scope.changes, input), changes: { input: inputSummary(input), tables } };
  }
  if (args.answeredFile) return { ...base, kind: 'export', record: recordOf([], input), changes: { input: inputSummary(input) } };
  if (VIEW_TAGS.has(operation.tag)) return { ...base, kind: 'view', record: recordOf([], input), changes: { input: inputSummary(input) } };
  return null;
}

export interface AuditWriter {
  /** Writes the row; a row that cannot be written is logged (the change it records is made). */
  write(entry: AuditEntry): Promise<void>;
  /** Writes the row or throws a coded error: for exports, whose file must not go out unrecorded. */
  writeOrRefuse(entry: AuditEntry): Promise<void>;
}

export function auditWriter(audit: AuditRepository, log: { error(object: object, message: string): void }): AuditWriter {
  const insert = (entry: AuditEntry) =>
    audit.insert({
      at: entry.at, kind: entry.kind, operation: entry.operation, accountId: entry.accountId, userName: entry.userName.slice(0, 64), role: entry.role,
      providerId: entry.providerId, address: entry.address.slice(0, 64), requestId: entry.requestId.slice(0, 64), record: entry.record, changes: JSON.stringify(entry.changes),
    });
  return {
    async write(entry) {
      try {
        await insert(entry);
      } catch (error) {
        // The change is made; losing its audit row must be loud (an operator sees it and the metric).
        log.error({ err: error, operation: entry.operation, kind: entry.kind }, 'audit trail: row not written');
      }
    },
    async writeOrRefuse(entry) {
      try {
        await insert(entry);
      } catch (error) {
        log.error({ err: error, operation: entry.operation, kind: entry.kind }, 'audit trail: row not written, the file was not sent');
        throw new AppError(Status.SERVER_ERROR, 'audit.exportNotRecorded');
      }
    },
  };
}

/** Runs an operation call in a fresh audit scope; answers the scope with what it captured. */
export function withAuditScope<T>(run: () => Promise<T>): { scope: AuditScope; result: Promise<T> } {
  const scope: AuditScope = { changes: [] };
  return { scope, result: auditStorage.run(scope, run) };
}
