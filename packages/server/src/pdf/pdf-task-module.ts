import { taskModule } from '../workers/task-module.ts';
import type { tasks } from './pdf-tasks.ts';

/** The PDF task module, named beside its file (built servers put every `*-tasks` file beside the bundle). */
export const pdfTasks = taskModule<typeof tasks>(import.meta.url, './pdf-tasks');
