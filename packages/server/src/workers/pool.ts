import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { isMessageKey, Status } from '@vigil/contracts';
import { AppError, errors } from '../http/errors.ts';
import { taskModule, type TaskFault, type TaskHandlers, type TaskModule, type TaskReply, type TaskRequest, type TaskStarted } from './task-module.ts';

/**
 * How long a worker may take to start and load a task's module before the job counts as timed
 * out. The job's own time limit starts when the task begins (the worker says so): a loaded
 * machine starting a worker must not eat a short limit meant for the input.
 */
export const TASK_START_LIMIT_MS = 60_000;

/**
 * Whose job this is (a care home, or a vendor account): set around each API handler (http/register.ts),
 * read by the pools so that one tenant's jobs cannot hold up another's by more than one job's time.
 */
export const jobTenant = new AsyncLocalStorage<string>();

/** Why a job did not answer: ran out of time, out of memory, the worker died, the queue is full, or the task threw. */
export type WorkerFailure = 'timeout' | 'memory' | 'crashed' | 'busy' | 'failed';

/** How each failure is told to the user: a localized domain error. */
export type Refusals = Record<WorkerFailure, () => AppError>;

export interface WorkerPoolOptions {
  /** Workers running at once (the rest of the jobs wait). */
  size: number;
  /** Jobs one tenant may have waiting; beyond that its next job is refused as busy (all tenants together: 8 times this). */
  queueLimit: number;
  /** Jobs one tenant may run at once (default: all workers but one, at least one). */
  perTenant?: number;
  /** Default time a job may run, from when its task begins in the worker (see TASK_START_LIMIT_MS), before the worker is terminated. */
  timeLimitMs: number;
  /** V8 heap limits of each worker; a job that exceeds them ends as 'memory'. */
  resourceLimits: ResourceLimits;
  /** An idle worker exits after this long, except the warm ones. */
  idleMs: number;
  /**
   * Workers kept started even when idle once `warm()` was called (unref'd, they do not hold
   * the process open): starting a worker costs the event loop a hiccup, paid at boot, not mid-request.
   */
  warm: number;
}

export interface JobOptions {
  timeLimitMs?: number;
  refusals?: Partial<Refusals>;
  /** Buffers moved to the worker instead of copied. */
  transfer?: ArrayBuffer[];
  /** Whose job it is; default the request's tenant (jobTenant), else one shared tenant. */
  tenant?: string;
}

const DEFAULT_REFUSALS: Refusals = {
  timeout: () => errors.tooLarge('upload.tooLarge'),
  memory: () => errors.tooLarge('upload.tooLarge'),
  crashed: () => errors.badRequest('upload.wrongFormat'),
  failed: () => errors.badRequest('upload.wrongFormat'),
  busy: () => new AppError(Status.CONFLICT, 'common.busy'),
};

type Input<H extends TaskHandlers, K extends keyof H> = Parameters<H[K]>[0];
type Result<H extends TaskHandlers, K extends keyof H> = Awaited<ReturnType<H[K]>>;

interface Slot {
  worker: Worker;
  idleTimer: NodeJS.Timeout | null;
}

const entry = taskModule(import.meta.url, './task.worker').url;
// Resolved once when the server loads: resolving goes through the module loader, which must not happen mid-request.
const tsxApi = entry.endsWith('.ts') ? import.meta.resolve('tsx/esm/api') : null;

function startWorker(resourceLimits: ResourceLimits): Worker {
  if (!tsxApi) return new Worker(new URL(entry), { resourceLimits });
  // Under tsx (dev and tests) the entry is TypeScript. On Node 20 a worker does not
  // get tsx's loader from `--import tsx`, so it registers tsx itself before loading the entry.
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [], resourceLimits });
}

/**
 * A small pool of worker threads for work that must stay off the event loop
 * (spreadsheet and zip parsing, analysis, rendering): bounded concurrency, a
 * bounded queue, a per-job time limit that terminates the worker, heap limits,
 * and failures mapped to localized messages.
 */
export function createWorkerPool(options: WorkerPoolOptions) {
  const idle: Slot[] = [];
  const all = new Set<Slot>();
  // A waiting job gets a slot, or null when the pool closes; the next one is chosen fairly (next()).
  const waiting: { tenant: string; resume: (slot: Slot | null) => void }[] = [];
  const running = new Map<string, number>();
  const perTenant = Math.max(1, options.perTenant ?? options.size - 1);
  const runningOf = (tenant: string) => running.get(tenant) ?? 0;
  /** When each tenant last got a worker (a counter): among tenants running as few jobs, the one served longest ago goes first. */
  const servedAt = new Map<string, number>();
  let served = 0;
  const grant = (tenant: string) => {
    running.set(tenant, runningOf(tenant) + 1);
    servedAt.delete(tenant);
    servedAt.set(tenant, ++served);
    if (servedAt.size > 10_000) servedAt.delete(servedAt.keys().next().value ?? '');
  };
  const done = (tenant: string) => {
    const count = runningOf(tenant) - 1;
    if (count > 0) running.set(tenant, count);
    else running.delete(tenant);
  };

  /** The waiting job to start next: of a tenant under its limit, the one running least, then served longest ago, then first come. */
  function next(): ((slot: Slot | null) => void) | undefined {
    let chosen = -1;
    const rank = (tenant: string) => runningOf(tenant) * 1e12 + (servedAt.get(tenant) ?? 0);
    for (let index = 0; index < waiting.length; index++) {
      const tenant = waiting[index]?.tenant ?? '';
      if (runningOf(tenant) >= perTenant) continue;
      if (chosen < 0 || rank(tenant) < rank(waiting[chosen]?.tenant ?? '')) chosen = index;
    }
    if (chosen < 0) return undefined;
    const [job] = waiting.splice(chosen, 1);
    if (!job) return undefined;
    grant(job.tenant);
    return job.resume;
  }
  let closed = false;
  // Workers kept alive while idle: none until warm() is called.
  let kept = 0;

  function retire(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    all.delete(slot);
    const index = idle.indexOf(slot);
    if (index >= 0) idle.splice(index, 1);
    void slot.worker.terminate();
    if (closed) return;
    // A slot freed by a dead worker lets the next waiting job start a fresh one.
    const resume = next();
    if (resume) resume(spawn());
    else if (all.size < kept) release(spawn());
  }

  function spawn(): Slot {
    const slot: Slot = { worker: startWorker(options.resourceLimits), idleTimer: null };
    // A worker that dies while idle (it should not) is dropped from the pool.
    slot.worker.on('exit', () => {
      if (all.has(slot) && idle.includes(slot)) retire(slot);
    });
    slot.worker.on('error', () => {});
    all.add(slot);
    return slot;
  }

  function release(slot: Slot): void {
    const resume = next();
    if (resume) return resume(slot);
    idle.push(slot);
    slot.worker.unref();
    if (all.size <= kept) return;
    slot.idleTimer = setTimeout(() => retire(slot), options.idleMs);
    slot.idleTimer.unref();
  }

  function acquire(tenant: string): Promise<Slot | null> | Slot | null {
    if (runningOf(tenant) < perTenant) {
      const slot = idle.pop();
      if (slot) {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        slot.idleTimer = null;
        grant(tenant);
        return slot;
      }
      if (all.size < options.size) {
        grant(tenant);
        return spawn();
      }
    }
    const mine = waiting.reduce((count, job) => count + (job.tenant === tenant ? 1 : 0), 0);
    if (mine >= options.queueLimit || waiting.length >= options.queueLimit * 8) return null;
    return new Promise((resolve) => waiting.push({ tenant, resume: resolve }));
  }

  function refusalOf(fault: TaskFault, refusals: Refusals): AppError {
    if (fault.kind === 'refused' && isMessageKey(fault.key)) return new AppError(fault.status, fault.key, fault.params, fault.data);
    return refusals.failed();
  }

  return {
    /** Runs one task of a task module in a worker; answers its result or throws a localized AppError. */
    async run<H extends TaskHandlers, K extends keyof H & string>(module: TaskModule<H>, task: K, input: Input<H, K>, jobOptions: JobOptions = {}): Promise<Result<H, K>> {
      const refusals = { ...DEFAULT_REFUSALS, ...jobOptions.refusals };
      if (closed) throw refusals.busy();
      const tenant = jobOptions.tenant ?? jobTenant.getStore() ?? '';
      const acquired = acquire(tenant);
      if (!acquired) throw refusals.busy();
      const slot = await acquired;
      if (!slot) throw refusals.busy();
      const { worker } = slot;
      worker.ref();
      return new Promise<Result<H, K>>((resolve, reject) => {
        const settle = (dead: boolean) => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          done(tenant);
          if (dead) retire(slot);
          else release(slot);
        };
        const onMessage = (reply: TaskReply<Result<H, K>> | TaskStarted) => {
          if ('started' in reply) {
            clearTimeout(timer);
            timer = setTimeout(timedOut, jobOptions.timeLimitMs ?? options.timeLimitMs);
            return;
          }
          settle(false);
          if (reply.ok) resolve(reply.value);
          else reject(refusalOf(reply.fault, refusals));
        };
        const onError = (error: Error & { code?: string }) => {
          settle(true);
          reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusals.memory() : refusals.crashed());
        };
        const onExit = () => {
          settle(true);
          reject(refusals.crashed());
        };
        const timedOut = () => {
          settle(true);
          reject(refusals.timeout());
        };
        let timer = setTimeout(timedOut, TASK_START_LIMIT_MS);
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        const request: TaskRequest = { module: module.url, task, input };
        worker.postMessage(request, jobOptions.transfer ?? []);
      });
    },

    /** Starts the warm workers now (e.g. once the server listens), so no request pays for a start. */
    warm(): void {
      kept = Math.min(options.warm, options.size);
      while (!closed && all.size < kept) release(spawn());
    },

    /** Workers alive, busy with a job, and jobs waiting for one (the metrics). */
    stats(): { alive: number; busy: number; waiting: number; capacity: number } {
      return { alive: all.size, busy: all.size - idle.length, waiting: waiting.length, capacity: options.size };
    },

    /** Workers alive now (busy or idle). */
    get size(): number {
      return all.size;
    },

    /** Terminates every worker; jobs still waiting are refused as busy. */
    async close(): Promise<void> {
      closed = true;
      for (const job of waiting.splice(0)) job.resume(null);
      await Promise.all([...all].map(async (slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        all.delete(slot);
        await slot.worker.terminate();
      }));
      idle.length = 0;
    },
  };
}
export type WorkerPool = ReturnType<typeof createWorkerPool>;
