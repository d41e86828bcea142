import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A module of tasks that run in a worker thread: it exports `tasks`, an object of
 * functions taking one structured-cloneable input and answering a structured-cloneable value.
 */
export type TaskHandlers = Record<string, (input: never) => unknown>;

/** Where a task module lives, typed by its handlers so `pool.run` checks task names, inputs and results. */
export interface TaskModule<Handlers extends TaskHandlers> {
  readonly url: string;
  /** Type-only marker; never set. */
  readonly handlers?: Handlers;
}

/**
 * Names a task module beside the caller (`taskModule<typeof tasks>(import.meta.url, './sheet-tasks')`).
 * The file gets the caller's own extension, so it resolves to the .ts source under tsx
 * and to the built .js when the server runs compiled.
 */
export function taskModule<Handlers extends TaskHandlers>(callerUrl: string, relativeName: string): TaskModule<Handlers> {
  const extension = path.extname(fileURLToPath(callerUrl));
  return { url: new URL(`${relativeName}${extension}`, callerUrl).href };
}

/** A job sent to a worker. */
export interface TaskRequest {
  module: string;
  task: string;
  input: unknown;
}

/** What a task's failure looks like when it crosses back from the worker. */
export type TaskFault =
  | { kind: 'refused'; status: number; key: string; params: Record<string, string | number>; data: unknown }
  | { kind: 'failed'; message: string };

/** A worker's answer to one job. */
export type TaskReply<Result> = { ok: true; value: Result } | { ok: false; fault: TaskFault };
/** Sent by the worker when the task's module is loaded and the task begins: its time limit starts there. */
export interface TaskStarted {
  started: true;
}
