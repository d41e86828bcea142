import crypto from 'node:crypto';
import type { LeaseRepository } from './lease.repository.ts';

/** When a job runs: every `everyMs`, or each day at `dailyAt` ("HH:MM", the server's local time). */
export type JobSchedule = { everyMs: number } | { dailyAt: string };

/** A named piece of background work. */
export interface JobDefinition {
  /** Unique name, used in logs (e.g. "session-purge"). */
  name: string;
  schedule: JobSchedule;
  /** Also run once soon after start (interval jobs only). */
  runAtStart?: boolean;
  /** The work; a thrown error is logged and the job runs again next time. */
  run(context: { now: number }): Promise<void>;
}

/** The few pino methods the scheduler logs with. */
export interface SchedulerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Runs named jobs on the one process that holds the leader lease. */
export interface Scheduler {
  /** Adds a job; allowed before or after start. Names must be unique. */
  registerJob(job: JobDefinition): void;
  /** Starts taking the lease and the job timers. */
  start(): void;
  /** Stops the timers, waits for running jobs and gives up the lease. */
  stop(): Promise<void>;
  /** Takes or renews the lease now; answers whether this process leads. */
  tryLead(): Promise<boolean>;
  /** Runs one job now if this process leads (answers whether it ran); for tests and operators. */
  runNow(name: string): Promise<boolean>;
  /** This process's holder id in the lease table. */
  readonly instanceId: string;
}

export interface SchedulerOptions {
  leases: LeaseRepository;
  log: SchedulerLog;
  now?: () => number;
  /** How long a taken lease lasts without renewal. */
  leaseMs?: number;
  /** How often every process takes or renews the lease. */
  renewEveryMs?: number;
  instanceId?: string;
}

const LEASE_NAME = 'scheduler';
/**
 * A leader renews every 3 s a lease of 10 s; every other process tries to take it as often, so a
 * leader that dies or stalls is replaced within LEASE_MS + RENEW_EVERY_MS = 13 s (issue 26: ≤ 15 s).
 * A job's own timer also tries before each run, so a short job (alarm escalation, every 2 s) is late
 * by at most that failover.
 */
export const LEASE_MS = 10_000;
export const RENEW_EVERY_MS = 3_000;

/** Milliseconds from `now` to the next local `HH:MM` (today if still ahead, else tomorrow). */
export function msUntilDailyAt(dailyAt: string, now: number): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(dailyAt);
  if (!match) throw new Error(`dailyAt must be HH:MM, got "${dailyAt}"`);
  const next = new Date(now);
  next.setHours(Number(match[1]), Number(match[2]), 0, 0);
  if (next.getTime() <= now) next.setDate(next.getDate() + 1);
  return next.getTime() - now;
}

/**
 * A small scheduler with a single leader across processes: every process runs the
 * timers, but a job only runs where the lease in the database is held (taken or
 * renewed atomically just before each run and on a heartbeat). Errors are logged,
 * never thrown; timers never keep the process alive.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const renewEveryMs = options.renewEveryMs ?? Math.min(RENEW_EVERY_MS, Math.floor(leaseMs / 3));
  const instanceId = options.instanceId ?? `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  const jobs = new Map<string, JobDefinition>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let started = false;
  let stopped = false;
  let leading = false;
  let leaseCall: Promise<boolean> | null = null;

  function track(timer: NodeJS.Timeout): void {
    timer.unref();
    timers.add(timer);
  }

  async function acquireLease(): Promise<boolean> {
    const time = now();
    try {
      const held = await options.leases.acquire(LEASE_NAME, instanceId, time, time + leaseMs);
      if (held !== leading) options.log.info({ instanceId, leading: held }, held ? 'scheduler: this process leads' : 'scheduler: another process leads');
      leading = held;
    } catch (error) {
      leading = false;
      options.log.error({ err: error, instanceId }, 'scheduler: could not take the lease');
    }
    return leading;
  }

  function tryLead(): Promise<boolean> {
    // One lease call at a time, so stop() can wait for it before the database closes.
    leaseCall ??= acquireLease().finally(() => {
      leaseCall = null;
    });
    return leaseCall;
  }

  async function execute(job: JobDefinition): Promise<boolean> {
    if (stopped || running.has(job.name)) return false;
    if (!(await tryLead())) return false;
    // stop() may have come while the lease call ran: it waited for that call, not for this job, and the database closes next.
    if (stopped) return false;
    const startedAt = now();
    const run = (async () => {
      try {
        await job.run({ now: startedAt });
      } catch (error) {
        options.log.error({ err: error, job: job.name }, 'scheduler: job failed');
      }
    })();
    running.set(job.name, run);
    try {
      await run;
    } finally {
      running.delete(job.name);
    }
    return true;
  }

  function schedule(job: JobDefinition): void {
    if ('everyMs' in job.schedule) {
      track(setInterval(() => void execute(job), job.schedule.everyMs));
      if (job.runAtStart) track(setTimeout(() => void execute(job), 0));
      return;
    }
    const dailyAt = job.schedule.dailyAt;
    const arm = () => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void execute(job).finally(arm);
      }, msUntilDailyAt(dailyAt, now()));
      track(timer);
    };
    arm();
  }

  return {
    instanceId,
    registerJob(job) {
      if (jobs.has(job.name)) throw new Error(`scheduler: a job named "${job.name}" is already registered`);
      if ('dailyAt' in job.schedule) msUntilDailyAt(job.schedule.dailyAt, now());
      else if (!(job.schedule.everyMs > 0)) throw new Error(`scheduler: job "${job.name}" needs a positive interval`);
      jobs.set(job.name, job);
      if (started && !stopped) schedule(job);
    },
    start() {
      if (started) return;
      started = true;
      // Renew well before the lease runs out, so a live leader keeps it.
      track(setInterval(() => void tryLead(), Math.max(100, renewEveryMs)));
      void tryLead();
      for (const job of jobs.values()) schedule(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values(), leaseCall]);
      if (leading) {
        leading = false;
        await options.leases.release(LEASE_NAME, instanceId).catch((error: unknown) => options.log.warn({ err: error }, 'scheduler: could not release the lease; another process takes it when it expires'));
      }
    },
    tryLead,
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`scheduler: no job named "${name}"`);
      return execute(job);
    },
  };
}
