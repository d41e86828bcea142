import type { AppPlatform, AppVersion, AppVersionState, H5Version, ReleaseFile } from '@vigil/contracts';
import { APP_PLATFORMS, APP_VERSION_STATES, BUILD_NUMBER_MAX } from '@vigil/contracts';
import type { AppVersionRow, H5VersionRow, ReleaseFileRow } from './release.repository.ts';

/** Where a release file is downloaded (public: apps fetch packages without a console session). */
export const RELEASE_FILE_ROUTE = '/api/app/download';

/** Build numbers are stored left-padded to 20 digits so text order is number order. */
export function padBuild(build: string): string {
  return build.padStart(BUILD_NUMBER_MAX, '0');
}
export function unpadBuild(build: string): string {
  return build.replace(/^0+(?=\d)/, '');
}

export function presentFile(row: ReleaseFileRow): ReleaseFile {
  return { fileId: row.id, fileName: row.file_name, size: Number(row.size), md5: row.md5, url: `${RELEASE_FILE_ROUTE}/${row.id}` };
}

function platformOf(value: string): AppPlatform {
  return APP_PLATFORMS.find((platform) => platform === value) ?? 'android';
}
export function stateOf(value: string): AppVersionState {
  return APP_VERSION_STATES.find((state) => state === value) ?? 'saved';
}

export function presentAppVersion(row: AppVersionRow, file: ReleaseFileRow | undefined): AppVersion {
  return {
    id: row.id,
    platform: platformOf(row.platform),
    versionName: row.version_name,
    buildNumber: unpadBuild(row.build_number),
    updateLog: row.update_log,
    storeUrl: row.store_url,
    file: file ? presentFile(file) : null,
    forceUpgrade: row.force_upgrade === 1,
    status: stateOf(row.status),
    uploadedAt: Number(row.uploaded_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    h5Count: row.h5_count,
  };
}

export function presentH5Version(row: H5VersionRow, file: ReleaseFileRow, liveId: number | null): H5Version {
  return {
    id: row.id,
    version: row.version,
    file: presentFile(file),
    uploadedAt: Number(row.uploaded_at),
    appCount: row.app_count,
    status: stateOf(row.status),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    live: row.id === liveId,
  };
}
