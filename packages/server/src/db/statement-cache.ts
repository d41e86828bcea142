import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement; list filters make a few dozen shapes per query. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Wraps a SQLite connection so each SQL text is prepared once: Kysely prepares every
 * query it runs, and preparing cost as much as a third of a list call. Kysely compiles
 * values to parameters, so the text repeats across calls; the Map keeps insertion
 * order, which makes it a least-recently-used cache when a hit is moved to the end.
 * Safe because Kysely runs one query at a time on the one SQLite connection.
 */
export function cachingStatements(database: SqliteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sqlText: string): SqliteStatement {
      const cached = statements.get(sqlText);
      if (cached) {
        statements.delete(sqlText);
        statements.set(sqlText, cached);
        return cached;
      }
      const statement = database.prepare(sqlText);
      statements.set(sqlText, statement);
      if (statements.size > size) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
