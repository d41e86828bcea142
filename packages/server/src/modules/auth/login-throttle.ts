import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_MS } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { LoginFailureRepository } from './session.repository.ts';

/**
 * A care home's night staff usually share one address (NAT), and locking all of them out
 * is worse than slowing a guesser down: an address gets more tries and a shorter lock
 * than one account.
 */
const ADDRESS_FAILURES_BEFORE_LOCK = 30;
const ADDRESS_LOCK_MS = 5 * 60 * 1000;

/**
 * Counts failed logins per account and per address in the database (so several
 * processes share the count) and refuses further tries while locked.
 */
export function loginThrottle(failures: LoginFailureRepository, now: () => number) {
  const keys = (userName: string, ip: string) => [
    { key: `account:${userName.toLowerCase()}`, limit: LOGIN_FAILURES_BEFORE_LOCK, lockMs: LOGIN_LOCK_MS },
    { key: `ip:${ip}`, limit: ADDRESS_FAILURES_BEFORE_LOCK, lockMs: ADDRESS_LOCK_MS },
  ];
  return {
    /** Throws LOGIN_THROTTLED while the account or the address is locked. */
    async assertAllowed(userName: string, ip: string): Promise<void> {
      for (const { key } of keys(userName, ip)) {
        const row = await failures.find(key);
        if (row && row.locked_until > now()) throw errors.throttled(Math.ceil((row.locked_until - now()) / 60_000));
      }
    },
    /** Counts one failure; the limit-th failure within the window locks for a while. */
    async recordFailure(userName: string, ip: string): Promise<void> {
      const time = now();
      for (const { key, limit, lockMs } of keys(userName, ip)) {
        const row = await failures.find(key);
        const fresh = !row || time - row.first_failed_at > LOGIN_FAILURE_WINDOW_MS;
        const count = fresh ? 1 : row.count + 1;
        await failures.save({
          key,
          count,
          first_failed_at: fresh ? time : row.first_failed_at,
          locked_until: count >= limit ? time + lockMs : 0,
        });
      }
    },
    /** Forgets the account's failures after a good login. */
    async recordSuccess(userName: string): Promise<void> {
      await failures.clear(`account:${userName.toLowerCase()}`);
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
