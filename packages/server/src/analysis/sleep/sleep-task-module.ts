import { taskModule } from '../../workers/task-module.ts';
import type { tasks } from './sleep-tasks.ts';

/**
 * The night-analysis task module, named beside its file: in the built server every `*-tasks`
 * file lands beside the bundle, so the name must be relative to this directory.
 */
export const sleepTasks = taskModule<typeof tasks>(import.meta.url, './sleep-tasks');
