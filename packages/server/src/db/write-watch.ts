import { ColumnNode, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type OperationNode, type QueryResult, type RootOperationNode, type TransactionSettings } from 'kysely';

/** Tells what a write statement touched, so caches of those rows can be dropped. */
export interface WriteWatcher {
  /** Whether this statement (a Kysely query node; raw SQL is a RawNode) is a write the watcher cares about. */
  matters(query: RootOperationNode): boolean;
  /**
   * Called after such a write ran: `statement` when it ran inside an open transaction (not
   * committed yet: drop local copies, but other processes may still read the old rows),
   * `committed` when it is durable (autocommit, or the commit of a transaction that made one).
   */
  written(stage: 'statement' | 'committed'): void;
}

/** The table a write statement names (insert into, update, delete from); null for anything else. */
export function writtenTable(query: RootOperationNode): string | null {
  switch (query.kind) {
    case 'InsertQueryNode':
      return tableName(query.into);
    case 'UpdateQueryNode':
      return tableName(query.table);
    case 'DeleteQueryNode':
      return query.from.froms.length === 1 ? tableName(query.from.froms[0]) : null;
    default:
      return null;
  }
}

/** The columns an update statement sets (empty for other statements). */
export function updatedColumns(query: RootOperationNode): string[] {
  if (query.kind !== 'UpdateQueryNode') return [];
  return (query.updates ?? []).map((update) => (ColumnNode.is(update.column) ? update.column.column.name : '?'));
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return null;
}

/**
 * Wraps a dialect so every write the watcher cares about is reported after it ran, and
 * again after the commit of the transaction it ran in: a cache dropped only at the
 * statement could be refilled from the old rows by another connection before the commit.
 */
export function watchWrites(dialect: Dialect, watcher: WriteWatcher): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => watchingDriver(dialect.createDriver(), watcher),
  };
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  pending = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly watcher: WriteWatcher,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiledQuery);
    if (this.watcher.matters(compiledQuery.query)) {
      if (this.inTransaction) {
        this.pending = true;
        this.watcher.written('statement');
      } else {
        this.watcher.written('committed');
      }
    }
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

function watchingDriver(inner: Driver, watcher: WriteWatcher): Driver {
  const wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();
  const unwrap = (connection: DatabaseConnection) => (connection instanceof WatchedConnection ? connection.inner : connection);
  const driver: Driver = {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      let watched = wrappers.get(connection);
      if (!watched) wrappers.set(connection, (watched = new WatchedConnection(connection, watcher)));
      return watched;
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(unwrap(connection), settings);
      if (connection instanceof WatchedConnection) {
        connection.inTransaction = true;
        connection.pending = false;
      }
    },
    async commitTransaction(connection: DatabaseConnection) {
      const watched = connection instanceof WatchedConnection ? connection : null;
      try {
        await inner.commitTransaction(unwrap(connection));
      } finally {
        // Even a failed commit reports: the cache is dropped once more, which never hurts.
        if (watched) {
          const pending = watched.pending;
          watched.inTransaction = false;
          watched.pending = false;
          if (pending) watcher.written('committed');
        }
      }
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      try {
        await inner.rollbackTransaction(unwrap(connection));
      } finally {
        if (connection instanceof WatchedConnection) {
          connection.inTransaction = false;
          connection.pending = false;
        }
      }
    },
    releaseConnection: (connection: DatabaseConnection) => inner.releaseConnection(unwrap(connection)),
    destroy: () => inner.destroy(),
  };
  const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
  if (savepoint) driver.savepoint = (connection, name, compile) => savepoint.call(inner, unwrap(connection), name, compile);
  if (rollbackToSavepoint) driver.rollbackToSavepoint = (connection, name, compile) => rollbackToSavepoint.call(inner, unwrap(connection), name, compile);
  if (releaseSavepoint) driver.releaseSavepoint = (connection, name, compile) => releaseSavepoint.call(inner, unwrap(connection), name, compile);
  return driver;
}
