/**
 * What a broken or contended database connection looks like, as opposed to a statement that is
 * wrong: PostgreSQL's connection exceptions (class 08), an administrator's or a crash's
 * termination (57P01–57P03), a deadlock or serialization failure (40P01, 40001), node-postgres's
 * own words for a cut socket or a pool that cannot connect, and SQLite's busy file.
 */
const RETRYABLE_CODES = new Set(['57P01', '57P02', '57P03', '40P01', '40001', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'SQLITE_BUSY']);
const RETRYABLE_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /not queryable/i, /Client was closed/i, /terminating connection/i];

/** Answers whether trying the same work again may succeed (the connection, not the work, failed). */
export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (RETRYABLE_CODES.has(code) || code.startsWith('08')) return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return RETRYABLE_MESSAGES.some((pattern) => pattern.test(message));
}

export interface RetryLog {
  warn(details: object, message: string): void;
}

/**
 * Runs work again while it fails for a lost connection (backing off 50 ms → 2 s), for at most
 * `forMs` (5 minutes by default: a database restart or failover); any other error, or the last
 * one, is thrown. The work must be safe to repeat (one statement, or one transaction).
 */
export async function retryOnConnectionLoss<T>(work: () => Promise<T>, options: { log?: RetryLog; what: string; forMs?: number }): Promise<T> {
  const deadline = Date.now() + (options.forMs ?? 300_000);
  let delay = 50;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isConnectionLoss(error) || Date.now() + delay > deadline) throw error;
      if (attempt === 1 || attempt % 10 === 0) options.log?.warn({ err: error, attempt }, `${options.what}: database connection lost; trying again`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(2_000, delay * 2);
    }
  }
}
