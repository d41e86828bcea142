import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * `expression LIKE '%text%' ESCAPE '\'` with the text lower-cased and its wildcards
 * escaped. The explicit ESCAPE matters: SQLite has no default escape character, so
 * without it a keyword containing % or _ would match differently on the two databases.
 * Compare against lower-cased columns (the *_key columns, or lower(column)).
 */
export function containsText(expression: Expression<string | null>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${expression} like ${pattern} escape '\\'`;
}
