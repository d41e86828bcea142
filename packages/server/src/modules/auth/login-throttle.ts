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
 * The five-guess lock is per account AND address: logins are phone numbers, so a lock on the account
 * alone lets anyone lock any caregiver out. Guesses spread over many addresses still meet a lock on
 * the account itself, after ten times as many.
 */
const ACCOUNT_FAILURES_BEFORE_LOCK = LOGIN_FAILURES_BEFORE_LOCK * 10;

/** How long a failed-login record can still matter; older ones are purged. */
export const LOGIN_FAILURE_RETENTION_MS = Math.max(LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MS, ADDRESS_LOCK_MS);

/** A reserved login try; release it when the credentials were right. */
export interface LoginTry {
  release(): Promise<void>;
}

/**
 * Counts login tries per account and per address in the database (so several
 * processes share the count). A try is reserved atomically BEFORE the password is
 * checked, so a burst of parallel guesses gets no more than the allowed tries; a
 * right password releases its try, a wrong one leaves it counted as a failure.
 */
export function loginThrottle(failures: LoginFailureRepository, now: () => number) {
  const accountKey = (userName: string) => `account:${userName.toLowerCase()}`;
  const pairKey = (userName: string, ip: string) => `account:${userName.toLowerCase()}@${ip}`;
  const addressKey = (ip: string) => `ip:${ip}`;

  async function reserveOne(key: string, limit: number, lockMs: number): Promise<{ granted: boolean; lockedUntil: number }> {
    const time = now();
    const row = await failures.reserve({ key, limit, lockMs, windowMs: LOGIN_FAILURE_WINDOW_MS, now: time });
    return { granted: row.count <= limit, lockedUntil: row.locked_until };
  }

  const refuse = (lockedUntil: number) => errors.throttled(Math.max(1, Math.ceil((lockedUntil - now()) / 60_000)));

  return {
    /**
     * Reserves one try for the account and one for the address; throws LOGIN_THROTTLED
     * (and reserves nothing) when either is used up.
     */
    async reserve(userName: string, ip: string): Promise<LoginTry> {
      const address = await reserveOne(addressKey(ip), ADDRESS_FAILURES_BEFORE_LOCK, ADDRESS_LOCK_MS);
      if (!address.granted) throw refuse(address.lockedUntil);
      const pair = await reserveOne(pairKey(userName, ip), LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_MS);
      if (!pair.granted) {
        // A refused try at a locked account is not counted against the whole address.
        await failures.release(addressKey(ip), ADDRESS_FAILURES_BEFORE_LOCK);
        throw refuse(pair.lockedUntil);
      }
      const account = await reserveOne(accountKey(userName), ACCOUNT_FAILURES_BEFORE_LOCK, LOGIN_LOCK_MS);
      if (!account.granted) {
        await failures.release(addressKey(ip), ADDRESS_FAILURES_BEFORE_LOCK);
        await failures.release(pairKey(userName, ip), LOGIN_FAILURES_BEFORE_LOCK);
        throw refuse(account.lockedUntil);
      }
      return {
        async release() {
          // A good login forgets this address's failures for the account and gives back the other tries.
          await failures.clear(pairKey(userName, ip));
          await failures.release(accountKey(userName), ACCOUNT_FAILURES_BEFORE_LOCK);
          await failures.release(addressKey(ip), ADDRESS_FAILURES_BEFORE_LOCK);
        },
      };
    },
    /** Drops records whose window and lock are both over (housekeeping). */
    async purgeExpired(): Promise<number> {
      return failures.purgeBefore(now() - LOGIN_FAILURE_RETENTION_MS, now());
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
