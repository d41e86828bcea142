/** A LIKE pattern matching the text anywhere, case-insensitively (callers compare lower-cased keys). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True for a unique-index violation on SQLite or PostgreSQL (a concurrent insert won the race). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
