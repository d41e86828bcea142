import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createQueryId,
  DummyDriver,
  Kysely,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type TransactionSettings,
} from 'kysely';
import { writtenTable } from './write-watch.ts';

/**
 * The audit trail's capture of changed rows (docs/audit.md). Every API operation runs in an
 * audit scope (http/register.ts); every insert, update and delete it makes, in any module, is
 * seen here at the database driver, with the rows before and after: one central place instead of
 * a call in every module, so a new operation cannot forget it. Outside a scope (ingest, jobs)
 * nothing is captured and nothing costs extra.
 */

/**
 * Bookkeeping that is no change to people's data or safety settings (logins have their own rows;
 * a queued command for an HTTP device is its delivery: device_commands records the command).
 */
const NOT_AUDITED = new Set(['audit_log', 'device_command_queue', 'sessions', 'login_failures', 'used_sso_signatures', 'cancelled_sessions', 'scheduler_leases', 'kysely_migration', 'kysely_migration_lock']);
/** Rows kept per statement (a bulk import of 500 residents keeps the first 50 and the count). */
const ROWS_PER_STATEMENT = 50;
/**
 * Fields whose values never enter the trail: passwords, keys, secrets, tokens, and a Web Push
 * subscription's endpoint and keys (capability URLs and key material: `endpoint`, `p256dh`, `auth`).
 */
export const SECRET_FIELD = /pass|secret|key|token|hash|cipher|salt|credential|endpoint|p256dh|^auth$/i;
export const REDACTED = '[not recorded]';

export interface RowChange {
  id: unknown;
  /** Changed fields only (an update), or every field (insert: after; delete: before). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

export interface TableChange {
  table: string;
  op: 'insert' | 'update' | 'delete';
  /** Rows the statement touched (may exceed rows.length). */
  count: number;
  rows: RowChange[];
}

export interface AuditScope {
  changes: TableChange[];
}

export const auditStorage = new AsyncLocalStorage<AuditScope>();

/** A value fit for the trail: secrets replaced, long text cut. */
function recorded(field: string, value: unknown): unknown {
  if (SECRET_FIELD.test(field) && value !== null && value !== undefined && value !== '') return REDACTED;
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  if (value instanceof Uint8Array) return `[${value.length} bytes]`;
  return value;
}

function recordedRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([field, value]) => [field, recorded(field, value)]));
}

/** The fields that differ, before and after; secrets only say that they changed. */
function difference(before: Record<string, unknown>, after: Record<string, unknown>): RowChange | null {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (field === 'updated_at') continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    changedBefore[field] = recorded(field, before[field]);
    changedAfter[field] = recorded(field, after[field]);
  }
  if (Object.keys(changedAfter).length === 0) return null;
  return { id: after.id ?? before.id, before: changedBefore, after: changedAfter };
}

class AuditingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly builder: Kysely<any>,
    private readonly compiler: QueryCompiler,
  ) {}

  /** SELECT * FROM table WHERE <the statement's own WHERE>, on this connection (same transaction). */
  private async rowsWhere(table: string, where: unknown): Promise<Record<string, unknown>[]> {
    const select = this.builder.selectFrom(table).selectAll().limit(ROWS_PER_STATEMENT + 1).toOperationNode();
    const node = { ...select, where } as RootOperationNode;
    return (await this.inner.executeQuery<Record<string, unknown>>(this.compiler.compileQuery(node, createQueryId()))).rows;
  }

  private async rowsById(table: string, ids: unknown[]): Promise<Record<string, unknown>[]> {
    if (ids.length === 0) return [];
    const compiled = this.builder.selectFrom(table).selectAll().where('id', 'in', ids).compile();
    return (await this.inner.executeQuery<Record<string, unknown>>(compiled)).rows;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const scope = auditStorage.getStore();
    const node = compiledQuery.query;
    const table = scope ? writtenTable(node) : null;
    if (!scope || !table || NOT_AUDITED.has(table)) return this.inner.executeQuery<R>(compiledQuery);
    if (node.kind === 'InsertQueryNode') {
      const result = await this.inner.executeQuery<R>(compiledQuery);
      const returned = (result.rows as Record<string, unknown>[]).map((row) => row.id).filter((id) => id !== undefined);
      const ids = returned.length > 0 ? returned : result.insertId !== undefined ? [Number(result.insertId)] : [];
      const rows = await this.rowsById(table, ids.slice(0, ROWS_PER_STATEMENT)).catch(() => []);
      const count = Number(result.numAffectedRows ?? rows.length);
      scope.changes.push({ table, op: 'insert', count, rows: rows.map((row) => ({ id: row.id, after: recordedRow(row) })) });
      return result;
    }
    const where = (node as { where?: unknown }).where;
    const before = await this.rowsWhere(table, where).catch(() => [] as Record<string, unknown>[]);
    const result = await this.inner.executeQuery<R>(compiledQuery);
    const count = Number(result.numAffectedRows ?? before.length);
    if (count === 0) return result;
    if (node.kind === 'DeleteQueryNode') {
      scope.changes.push({ table, op: 'delete', count, rows: before.slice(0, ROWS_PER_STATEMENT).map((row) => ({ id: row.id, before: recordedRow(row) })) });
      return result;
    }
    const kept = before.slice(0, ROWS_PER_STATEMENT);
    const after = new Map((await this.rowsById(table, kept.map((row) => row.id).filter((id) => id !== undefined)).catch(() => [])).map((row) => [JSON.stringify(row.id), row]));
    const rows = kept.flatMap((row) => {
      const changed = difference(row, after.get(JSON.stringify(row.id)) ?? row);
      return changed ? [changed] : [];
    });
    scope.changes.push({ table, op: 'update', count, rows });
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<R extends never ? never : QueryResult<R>> {
    return this.inner.streamQuery(compiledQuery, chunkSize) as never;
  }
}

class AuditingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, AuditingConnection>();
  constructor(
    private readonly inner: Driver,
    private readonly builder: Kysely<any>,
    private readonly compiler: QueryCompiler,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let auditing = this.wrapped.get(connection);
    if (!auditing) {
      auditing = new AuditingConnection(connection, this.builder, this.compiler);
      this.wrapped.set(connection, auditing);
    }
    return auditing;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction((connection as AuditingConnection).inner, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction((connection as AuditingConnection).inner);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction((connection as AuditingConnection).inner);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as AuditingConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so writes made inside an audit scope are captured with their rows before and after. */
export function auditingDialect(dialect: Dialect): Dialect {
  // Builds the extra SELECTs only (never connects): the same SQL dialect, a driver that does nothing.
  const builder = new Kysely<any>({
    dialect: { createAdapter: () => dialect.createAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => dialect.createIntrospector(db), createQueryCompiler: () => dialect.createQueryCompiler() },
  });
  const compiler = dialect.createQueryCompiler();
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const inner = dialect.createDriver();
      const driver: Driver = new AuditingDriver(inner, builder, compiler);
      const unwrap = (connection: DatabaseConnection) => (connection instanceof AuditingConnection ? connection.inner : connection);
      const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
      if (savepoint) driver.savepoint = (connection, name, compile) => savepoint.call(inner, unwrap(connection), name, compile);
      if (rollbackToSavepoint) driver.rollbackToSavepoint = (connection, name, compile) => rollbackToSavepoint.call(inner, unwrap(connection), name, compile);
      if (releaseSavepoint) driver.releaseSavepoint = (connection, name, compile) => releaseSavepoint.call(inner, unwrap(connection), name, compile);
      return driver;
    },
  };
}
