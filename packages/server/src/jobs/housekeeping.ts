import type { LoginThrottle } from '../modules/auth/login-throttle.ts';
import type { SessionRepository, UsedSsoSignatureRepository } from '../modules/auth/session.repository.ts';
import type { Scheduler } from './scheduler.ts';

const HOUR_MS = 3600_000;
/** Ended sessions are kept a day (for support questions), then purged. */
const SESSION_KEEP_MS = 24 * HOUR_MS;

/** Registers the hourly purges of the login machinery's tables. */
export function registerHousekeepingJobs(
  scheduler: Scheduler,
  deps: { sessions: SessionRepository; throttle: LoginThrottle; usedSsoSignatures: UsedSsoSignatureRepository },
): void {
  scheduler.registerJob({
    name: 'session-purge',
    schedule: { everyMs: HOUR_MS },
    run: async ({ now }) => {
      await deps.sessions.purgeEndedBefore(now - SESSION_KEEP_MS);
    },
  });
  scheduler.registerJob({
    name: 'login-failure-purge',
    schedule: { everyMs: HOUR_MS },
    run: async ({ now }) => {
      await deps.throttle.purgeExpired();
      await deps.usedSsoSignatures.purgeExpired(now);
    },
  });
}
