import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * How many SQL texts may become named prepared statements in one process. compiledOnce keeps
 * at most COMPILED_SHAPES_MAX shapes per read, so the reads of the code stay far below it; the
 * cap only keeps a mistake from preparing without end (every connection keeps what it prepared).
 */
export const NAMED_STATEMENTS_MAX = 2_000;

const names = new Map<string, string>();

/**
 * Marks a SQL text as one that repeats (a compiledOnce read): on PostgreSQL each pooled
 * connection parses and plans it once, as a named prepared statement, and then only binds
 * and executes it. Kysely sends every other query unnamed (parsed and planned each time).
 */
export function prepareByName(sqlText: string): void {
  if (names.has(sqlText) || names.size >= NAMED_STATEMENTS_MAX) return;
  names.set(sqlText, `vigil_${names.size + 1}`);
}

/** The statement name of a text marked by prepareByName, if any (for tests). */
export function statementName(sqlText: string): string | undefined {
  return names.get(sqlText);
}

/** PostgreSQL's "cached plan must not change result type": a named statement outlived a schema change. */
const FEATURE_NOT_SUPPORTED = '0A000';

/**
 * Wraps the pool Kysely takes so the texts marked by prepareByName run as named statements.
 * A connection whose named statement was outdated by a migration (a rare startup case) runs
 * that text unnamed from then on.
 */
export function namingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const outdated = new Set<string>();
    const query = async (sqlText: string, parameters: readonly unknown[]): Promise<pg.QueryResult> => {
      const name = names.get(sqlText);
      if (!name || outdated.has(name)) return client.query(sqlText, [...parameters]);
      try {
        return await client.query({ name, text: sqlText, values: [...parameters] });
      } catch (error) {
        if ((error as { code?: unknown }).code !== FEATURE_NOT_SUPPORTED) throw error;
        outdated.add(name);
        return client.query(sqlText, [...parameters]);
      }
    };
    return {
      // A cursor (Kysely's stream) passes through as it is.
      query: ((textOrCursor: unknown, parameters?: readonly unknown[]) =>
        typeof textOrCursor === 'string' ? query(textOrCursor, parameters ?? []) : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
