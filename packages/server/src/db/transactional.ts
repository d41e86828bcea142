import type { Db } from './database.ts';

/** Runs work in one transaction, handing it repositories bound to that transaction. */
export type Transactional<Repositories> = <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;

/**
 * Binds a repository set to transactions of a database, so a service receives its
 * repositories and never the database: inside a transaction every call must use the
 * transaction's handle (SQLite has one connection).
 */
export function transactional<Repositories>(db: Db, repositoriesOf: (trx: Db) => Repositories): Transactional<Repositories> {
  return (work) => db.transaction().execute((trx) => work(repositoriesOf(trx)));
}
