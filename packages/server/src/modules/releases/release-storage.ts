import path from 'node:path';
import { releaseStore, type ReleaseStore } from './release-store.ts';
import { s3ReleaseStore } from './s3-store.ts';
import type { S3Location } from './s3-url.ts';

/**
 * The store of one area's release files (`firmware`, `releases`): `<VIGIL_DATA_DIR>/<area>`
 * by default, the S3-compatible store of `S3_URL` when set (docs/firmware.md "Storage").
 */
export function openReleaseStore(dataDir: string, area: string, s3: S3Location | null): ReleaseStore {
  const directory = path.join(dataDir, area);
  return s3 ? s3ReleaseStore(s3, area, directory) : releaseStore(directory);
}
