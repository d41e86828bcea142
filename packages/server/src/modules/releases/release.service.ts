import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  APP_UPDATE_POLL_MS,
  APP_VERSION_MOVES,
  RELEASE_FILE_EXTENSIONS,
  RELEASE_FILE_MAX_BYTES,
  UPDATE_PROMPT_HIDE_MS,
  type AppPlatform,
  type AppVersion,
  type AppVersionInput,
  type AppVersionState,
  type H5Version,
  type ReleaseFile,
} from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import { AppError, errors } from '../../http/errors.ts';
import { Status } from '@vigil/contracts';
import { FileTooLargeError, type ReleaseStore } from './release-store.ts';
import { padBuild, presentAppVersion, presentFile, presentH5Version, stateOf } from './release.presenter.ts';
import type { AppVersionRow, H5VersionRow, ReleaseRepository } from './release.repository.ts';

const FILE_NAME_MAX = 255;

/** What the release service works with: its repository, bound to the database or to one transaction, and the file store. */
export interface ReleaseServiceDeps {
  releases: ReleaseRepository;
  transaction: Transactional<{ releases: ReleaseRepository }>;
  store: ReleaseStore;
  now: () => number;
}

/**
 * App and H5 versions (docs/releases.md). Vendor data: not owned by a care home, so there is
 * no tenant scope; the contract limits every management call to SUPER and SENIOR.
 */
export function releaseService(deps: ReleaseServiceDeps) {
  const { releases: repository, transaction, store, now } = deps;

  async function presentApps(rows: AppVersionRow[]): Promise<AppVersion[]> {
    const files = await repository.filesByIds(rows.flatMap((row) => (row.file_id ? [row.file_id] : [])));
    return rows.map((row) => presentAppVersion(row, files.find((file) => file.id === row.file_id)));
  }
  async function presentH5s(rows: H5VersionRow[]): Promise<H5Version[]> {
    const files = await repository.filesByIds(rows.map((row) => row.file_id));
    return rows.flatMap((row) => {
      const file = files.find((candidate) => candidate.id === row.file_id);
      return file ? [presentH5Version(row, file)] : [];
    });
  }
  async function appOrThrow(id: number): Promise<AppVersionRow> {
    const row = await repository.findApp(id);
    if (!row) throw errors.notFound('release.versionNotFound');
    return row;
  }
  async function h5OrThrow(id: number): Promise<H5VersionRow> {
    const row = await repository.findH5(id);
    if (!row) throw errors.notFound('release.versionNotFound');
    return row;
  }
  async function fileOrThrow(id: string): Promise<void> {
    const row = await repository.findFile(id);
    if (!row || !(await store.exists(id))) throw errors.invalidField('fileId', 'release.fileNotFound');
  }
  async function oneApp(id: number): Promise<AppVersion> {
    const [app] = await presentApps([await appOrThrow(id)]);
    if (!app) throw errors.notFound('release.versionNotFound');
    return app;
  }
  async function oneH5(id: number): Promise<H5Version> {
    const [h5] = await presentH5s([await h5OrThrow(id)]);
    if (!h5) throw errors.notFound('release.versionNotFound');
    return h5;
  }

  return {
    /** Streams an upload to the store (size limit, MD5 on the way) and records it. */
    async upload(fileName: string, source: Readable, isTruncated: () => boolean): Promise<ReleaseFile> {
      const name = path.basename(fileName).slice(-FILE_NAME_MAX);
      const lower = name.toLowerCase();
      if (!RELEASE_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
        source.resume();
        throw errors.badRequest('release.fileType');
      }
      let stored;
      try {
        stored = await store.write(source, RELEASE_FILE_MAX_BYTES, isTruncated);
      } catch (error) {
        if (error instanceof FileTooLargeError) throw new AppError(Status.TOO_LARGE, 'release.tooLarge', { max: Math.round(RELEASE_FILE_MAX_BYTES / 1024 / 1024) });
        throw error;
      }
      const row = { id: stored.id, file_name: name, size: stored.size, md5: stored.md5, created_at: now() };
      await repository.insertFile(row);
      return presentFile(row);
    },

    /** A stored package's bytes with its name and size, or null. */
    async file(id: string): Promise<{ stream: Readable; fileName: string; size: number } | null> {
      const row = await repository.findFile(id);
      const stream = row ? await store.open(id) : null;
      if (!row || !stream) return null;
      return { stream, fileName: row.file_name, size: Number(row.size) };
    },

    async appList(input: { pageNum: number; pageSize: number; keyWord?: string; platform?: AppPlatform | null; status?: AppVersionState | null }) {
      const page = await repository.appPage(input, input);
      return { rows: await presentApps(page.rows), total: page.total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async addApp(input: AppVersionInput): Promise<AppVersion> {
      const buildNumber = padBuild(input.buildNumber);
      if (input.fileId) await fileOrThrow(input.fileId);
      if (await repository.findAppByBuild(input.platform, buildNumber)) {
        throw errors.invalidField('buildNumber', 'release.buildExists', { build: input.buildNumber, platform: input.platform });
      }
      const id = await repository.insertApp({ ...input, buildNumber }, now());
      return oneApp(id);
    },

    async moveApp(id: number, to: AppVersionState): Promise<AppVersion> {
      const row = await appOrThrow(id);
      const from = stateOf(row.status);
      if (from === to) return oneApp(id);
      if (!APP_VERSION_MOVES[from].includes(to) || !(await repository.setAppStatus(id, from, to, now()))) {
        throw errors.conflict('release.badMove', { from, to });
      }
      return oneApp(id);
    },

    async deleteApp(id: number): Promise<null> {
      const row = await appOrThrow(id);
      if (stateOf(row.status) === 'published') throw errors.conflict('release.deletePublished');
      await transaction((tx) => tx.releases.deleteApp(id));
      return null;
    },

    async h5List(input: { pageNum: number; pageSize: number; keyWord?: string }) {
      const page = await repository.h5Page(input, input);
      return { rows: await presentH5s(page.rows), total: page.total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async addH5(input: { version: string; fileId: string }): Promise<H5Version> {
      await fileOrThrow(input.fileId);
      return oneH5(await repository.insertH5(input.version, input.fileId, now()));
    },

    async updateH5(input: { id: number; version: string; fileId: string }): Promise<H5Version> {
      await h5OrThrow(input.id);
      await fileOrThrow(input.fileId);
      await repository.updateH5(input.id, input.version, input.fileId, now());
      return oneH5(input.id);
    },

    async deleteH5(id: number): Promise<null> {
      const row = await h5OrThrow(id);
      if (row.app_count > 0) throw errors.conflict('release.h5InUse', { count: row.app_count });
      await repository.deleteH5(id);
      return null;
    },

    async h5OfApp(appVersionId: number): Promise<H5Version[]> {
      await appOrThrow(appVersionId);
      return presentH5s(await repository.h5OfApp(appVersionId));
    },

    async pair(appVersionId: number, h5VersionId: number): Promise<null> {
      await appOrThrow(appVersionId);
      await h5OrThrow(h5VersionId);
      await repository.pair(appVersionId, h5VersionId);
      return null;
    },

    async unpair(appVersionId: number, h5VersionId: number): Promise<null> {
      await appOrThrow(appVersionId);
      await h5OrThrow(h5VersionId);
      await repository.unpair(appVersionId, h5VersionId);
      return null;
    },

    /** The app's update check: the newest published build above the caller's, forced when any of those is. */
    async checkUpdate(platform: AppPlatform, buildNumber: string) {
      const newer = await repository.publishedAbove(platform, padBuild(buildNumber));
      const [latestRow] = newer;
      const latest = latestRow ? (await presentApps([latestRow]))[0] ?? null : null;
      return {
        hasUpdate: latest !== null,
        force: newer.some((row) => row.force_upgrade === 1),
        latest,
        h5Versions: latestRow ? await presentH5s(await repository.h5OfApp(latestRow.id)) : [],
        promptHideMs: UPDATE_PROMPT_HIDE_MS,
        pollIntervalMs: APP_UPDATE_POLL_MS,
      };
    },
  };
}
export type ReleaseService = ReturnType<typeof releaseService>;
