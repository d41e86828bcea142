import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * `expression LIKE '%text%' ESCAPE '\'` with the text lower-cased and its wildcards
 * escaped. The explicit ESCAPE matters: SQLite has no default escape character, so
 * without it a keyword containing % or _ would match differently on the two databases.
 * Compare against lower-cased columns (the *_key columns, or lower(column)).
 */
export function containsText(expression: Expression<string | null>, text: string): RawBuilder<boolean> {
  return matchesPattern(expression, containsPattern(text));
}

/** The LIKE pattern `containsText` uses: the text lower-cased, its wildcards escaped, between %. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `expression LIKE pattern ESCAPE '\'` with a pattern from `containsPattern` (a value: reads built once pass it as one). */
export function matchesPattern(expression: Expression<string | null>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${expression} like ${pattern} escape '\\'`;
}
