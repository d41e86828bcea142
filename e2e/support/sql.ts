import path from 'node:path';
import type { RunningVigil } from './vigil.ts';

/**
 * SQL on an e2e server's own database: its SQLite file, or its PostgreSQL database when
 * DATABASE_URL is set. Parameters are written `$1, $2 …` (PostgreSQL's form; SQLite gets `?`).
 * Answers the rows of a query, nothing for a statement. For what a test must set up the way a
 * module would write it (a device on a bed) or check that the screens cannot show.
 */
export async function query<T>(vigil: RunningVigil, text: string, params: unknown[] = []): Promise<T[]> {
  if (vigil.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: vigil.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(vigil.dataDir, 'vigil.db'));
  try {
    const statement = db.prepare(text.replace(/\$\d+/g, '?'));
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  } finally {
    db.close();
  }
}
