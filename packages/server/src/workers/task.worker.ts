import { parentPort } from 'node:worker_threads';
import { AppError } from '../http/errors.ts';
import type { TaskFault, TaskReply, TaskRequest, TaskStarted } from './task-module.ts';

/**
 * Worker-thread entry of the pool: runs one job at a time, loading each task module
 * once. A thrown AppError crosses back as a refusal with its message key; anything
 * else as a plain failure (the pool maps it to a message).
 */
const loaded = new Map<string, Promise<unknown>>();

async function findTask(request: TaskRequest): Promise<((input: unknown) => unknown) | null> {
  let module = loaded.get(request.module);
  if (!module) {
    module = import(request.module);
    loaded.set(request.module, module);
  }
  const exports: unknown = await module;
  if (typeof exports !== 'object' || exports === null || !('tasks' in exports)) return null;
  const tasks: unknown = exports.tasks;
  if (typeof tasks !== 'object' || tasks === null || !Object.prototype.hasOwnProperty.call(tasks, request.task)) return null;
  const task: unknown = Reflect.get(tasks, request.task);
  return typeof task === 'function' ? (input) => task(input) : null;
}

function faultOf(error: unknown): TaskFault {
  if (error instanceof AppError) return { kind: 'refused', status: error.status, key: error.messageKey, params: error.params, data: error.data };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

async function run(request: TaskRequest): Promise<TaskReply<unknown>> {
  try {
    const task = await findTask(request);
    if (!task) return { ok: false, fault: { kind: 'failed', message: `no task ${request.task} in ${request.module}` } };
    // The job's time limit starts now: starting the worker and loading the module are not the input's doing.
    parentPort?.postMessage({ started: true } satisfies TaskStarted);
    return { ok: true, value: await task(request.input) };
  } catch (error) {
    return { ok: false, fault: faultOf(error) };
  }
}

parentPort?.on('message', (request: TaskRequest) => {
  void run(request).then((reply) => parentPort?.postMessage(reply));
});
