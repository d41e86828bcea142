/**
 * What a test server received, in order, and a wait for the first that matches: the loopback
 * push service and the webhook receiver share it. `add` wakes every waiter; `waitFor` answers
 * at once when a match is already there, or fails after `timeoutMs` saying what came.
 */
export interface Arrivals<T> {
  readonly received: T[];
  add(item: T): void;
  waitFor(match: (item: T) => boolean, timeoutMs: number, describeMiss: () => string): Promise<T>;
}

export function arrivals<T>(): Arrivals<T> {
  const received: T[] = [];
  const waiters = new Set<() => void>();
  return {
    received,
    add(item) {
      received.push(item);
      for (const wake of waiters) wake();
    },
    waitFor(match, timeoutMs, describeMiss) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(describeMiss()));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}
