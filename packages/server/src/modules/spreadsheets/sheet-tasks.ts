import { readSheet } from './sheet-reader.ts';

/** Spreadsheet work that runs in the worker pool (see workers/pool.ts). */
export const tasks = { readSheet };
