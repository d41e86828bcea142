import { inspectFirmwareZip } from './firmware-zip.ts';

/** Worker-pool tasks of the firmware module. */
export const tasks = { inspectFirmwareZip };
