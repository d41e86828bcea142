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

/** Why a job did not answer: ran out of time, out of memory, the worker died, the queue is full, or the task threw. */
export type WorkerFailure = 'timeout' | 'memory' | 'crashed' | 'busy' | 'failed';

/** How each failure is told to the user: a localized domain error. */
export type Refusals = Record<WorkerFailure, () => AppError>;

export interface WorkerPoolOptions {
  /** Workers running at once (the rest of the jobs wait). */
  size: number;
  /** Jobs that may wait; beyond that a job is refused as busy. */
  queueLimit: number;
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
  // A waiting job gets a slot, or null when the pool closes.
  const waiting: ((slot: Slot | null) => void)[] = [];
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
    const next = waiting.shift();
    if (next) next(spawn());
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
    const next = waiting.shift();
    if (next) return next(slot);
    idle.push(slot);
    slot.worker.unref();
    if (all.size <= kept) return;
    slot.idleTimer = setTimeout(() => retire(slot), options.idleMs);
    slot.idleTimer.unref();
  }

  function acquire(): Promise<Slot | null> | Slot | null {
    const slot = idle.pop();
    if (slot) {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      return slot;
    }
    if (all.size < options.size) return spawn();
    if (waiting.length >= options.queueLimit) return null;
    return new Promise((resolve) => waiting.push(resolve));
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
      const acquired = acquire();
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

    /** Workers alive now (busy or idle). */
    get size(): number {
      return all.size;
    },

    /** Terminates every worker; jobs still waiting are refused as busy. */
    async close(): Promise<void> {
      closed = true;
      for (const next of waiting.splice(0)) next(null);
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
