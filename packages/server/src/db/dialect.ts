export type Dialect = 'sqlite' | 'postgres';

/** Auto-increment key type: SQLite's rowid alias, PostgreSQL's serial. */
export function idColumnType(dialect: Dialect): 'integer' | 'serial' {
  return dialect === 'sqlite' ? 'integer' : 'serial';
}
