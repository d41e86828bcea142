import { inspectH5Package, inspectReleasePackage, unpackH5Package } from './release-zip.ts';

/** Worker-pool tasks of the releases module. */
export const tasks = { inspectReleasePackage, inspectH5Package, unpackH5Package };
