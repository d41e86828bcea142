import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  APP_UPDATE_POLL_MS,
  APP_VERSION_MOVES,
  H5_VERSION_MOVES,
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
import { taskModule } from '../../workers/task-module.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { nameProblem } from '../../zip/strict-zip.ts';
import { FileTooLargeError, type ReleaseStore } from './release-store.ts';
import type { tasks } from './release-tasks.ts';
import { H5_INDEX } from './release-zip.ts';
import { padBuild, presentAppVersion, presentFile, presentH5Version, stateOf } from './release.presenter.ts';
import type { AppVersionRow, H5VersionRow, ReleaseRepository } from './release.repository.ts';

const FILE_NAME_MAX = 255;
const releaseTasks = taskModule<typeof tasks>(import.meta.url, './release-tasks');
/** A package's zip check (streaming, in a worker) ends within this or the upload is refused. */
const INSPECT_TIME_LIMIT_MS = 30_000;
/** How long a process trusts its last answer to "which H5 package does /app/ serve" (docs/releases.md). */
const LIVE_H5_CACHE_MS = 2_000;

/** What the release service works with: its repository, bound to the database or to one transaction, and the file store. */
export interface ReleaseServiceDeps {
  releases: ReleaseRepository;
  transaction: Transactional<{ releases: ReleaseRepository }>;
  store: ReleaseStore;
  /** Runs the package's zip check off the event loop. */
  workers: WorkerPool;
  /** Where published H5 packages are unpacked, one folder per file (`<VIGIL_DATA_DIR>/h5-apps`). */
  h5Dir: string;
  now: () => number;
}

/**
 * App and H5 versions (docs/releases.md). Vendor data: not owned by a care home, so there is
 * no tenant scope; the contract limits every management call to SUPER and SENIOR.
 */
export function releaseService(deps: ReleaseServiceDeps) {
  const { releases: repository, transaction, store, workers, h5Dir, now } = deps;
  /** Unpacks under way, by file id: two requests for the same package wait for one unpacking. */
  const unpacking = new Map<string, Promise<string>>();
  /** Packages that could not be unpacked to be served: `/app/` serves the built-in app instead. */
  const unservable = new Set<string>();
  // What /app/ serves, asked of the database at most every LIVE_H5_CACHE_MS (not once per asset).
  let liveCache: { at: number; root: string | null } | null = null;
  const h5Refusals = { timeLimitMs: INSPECT_TIME_LIMIT_MS, refusals: { failed: () => errors.badRequest('release.packageBroken'), crashed: () => errors.badRequest('release.packageBroken') } };

  /** A local copy of a stored file (with an S3 store, fetched once into its cache folder). */
  async function localCopy(fileId: string): Promise<string> {
    const file = store.pathOf(fileId);
    if (!file) throw errors.invalidField('fileId', 'release.fileNotFound');
    if (await fs.promises.stat(file).then((stat) => stat.isFile(), () => false)) return file;
    const stream = await store.open(fileId);
    if (!stream) throw errors.invalidField('fileId', 'release.fileNotFound');
    const part = `${file}.copy-${crypto.randomBytes(6).toString('hex')}`;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(stream, fs.createWriteStream(part, { flags: 'wx', mode: 0o600 }));
      await fs.promises.rename(part, file);
    } finally {
      await fs.promises.rm(part, { force: true });
    }
    return file;
  }

  /** The folder a package is unpacked in (unpacked first when it is not yet, in a worker). */
  function unpacked(fileId: string): Promise<string> {
    const target = path.join(h5Dir, fileId);
    const running = unpacking.get(fileId);
    if (running) return running;
    const job = (async () => {
      if (await fs.promises.stat(path.join(target, H5_INDEX)).then((stat) => stat.isFile(), () => false)) return target;
      await fs.promises.mkdir(h5Dir, { recursive: true, mode: 0o700 });
      await workers.run(releaseTasks, 'unpackH5Package', { path: await localCopy(fileId), target }, h5Refusals);
      return target;
    })().finally(() => unpacking.delete(fileId));
    unpacking.set(fileId, job);
    return job;
  }

  /** An H5 file must be a package `/app/` can serve: index.html at its top (checked in a worker). */
  async function h5FileOrThrow(fileId: string): Promise<void> {
    await fileOrThrow(fileId);
    await workers.run(releaseTasks, 'inspectH5Package', { path: await localCopy(fileId) }, h5Refusals);
  }

  async function presentApps(rows: AppVersionRow[]): Promise<AppVersion[]> {
    const files = await repository.filesByIds(rows.flatMap((row) => (row.file_id ? [row.file_id] : [])));
    return rows.map((row) => presentAppVersion(row, files.find((file) => file.id === row.file_id)));
  }
  async function presentH5s(rows: H5VersionRow[], liveId?: number | null): Promise<H5Version[]> {
    const files = await repository.filesByIds(rows.map((row) => row.file_id));
    const live = liveId === undefined ? ((await repository.livePublishedH5(1))[0]?.id ?? null) : liveId;
    return rows.flatMap((row) => {
      const file = files.find((candidate) => candidate.id === row.file_id);
      return file ? [presentH5Version(row, file, live)] : [];
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
    /**
     * Streams an upload to the store (size limit, MD5 on the way), checks it with the strict zip
     * reader in a worker (every kind accepted is a zip), and records it. A refused upload leaves nothing behind.
     */
    async upload(fileName: string, source: Readable, isTruncated: () => boolean): Promise<ReleaseFile> {
      // The last part of the name whatever the client's separators; no control or bidi characters, no hidden file (zip/strict-zip.ts).
      const name = (fileName.split(/[\\/]/).pop() ?? '').slice(-FILE_NAME_MAX);
      const lower = name.toLowerCase();
      if (!RELEASE_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension)) || nameProblem(name) !== null || name.startsWith('.')) {
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
      try {
        if (stored.size === 0) throw errors.badRequest('upload.wrongFormat');
        await workers.run(releaseTasks, 'inspectReleasePackage', { path: store.pathOf(stored.id) ?? '', apk: lower.endsWith('.apk') }, {
          timeLimitMs: INSPECT_TIME_LIMIT_MS,
          refusals: { failed: () => errors.badRequest('release.packageBroken'), crashed: () => errors.badRequest('release.packageBroken') },
        });
        const row = { id: stored.id, file_name: name, size: stored.size, md5: stored.md5, created_at: now() };
        await repository.insertFile(row);
        return presentFile(row);
      } catch (error) {
        await store.remove(stored.id);
        throw error;
      }
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

    /** A page of H5 versions, with the one `/app/` serves and the one it would fall back to. */
    async h5List(input: { pageNum: number; pageSize: number; keyWord?: string }) {
      const page = await repository.h5Page(input, input);
      const published = await repository.livePublishedH5(2);
      const liveId = published[0]?.id ?? null;
      const [live = null, fallback = null] = await presentH5s(published, liveId);
      return { rows: await presentH5s(page.rows, liveId), total: page.total, pageNum: input.pageNum, pageSize: input.pageSize, live, fallback };
    },

    async addH5(input: { version: string; fileId: string }): Promise<H5Version> {
      await h5FileOrThrow(input.fileId);
      return oneH5(await repository.insertH5(input.version, input.fileId, now()));
    },

    async updateH5(input: { id: number; version: string; fileId: string }): Promise<H5Version> {
      const row = await h5OrThrow(input.id);
      // What /app/ serves changes only by publishing, after the console asked.
      if (input.fileId !== row.file_id && stateOf(row.status) === 'published') throw errors.conflict('release.h5EditPublished');
      if (input.fileId !== row.file_id) await h5FileOrThrow(input.fileId);
      else await fileOrThrow(input.fileId);
      await repository.updateH5(input.id, input.version, input.fileId, now());
      return oneH5(input.id);
    },

    /**
     * Publishes (the package is unpacked first: a refused one stays saved), unpublishes or removes
     * an H5 version. `/app/` serves the most recently published one, so withdrawing the live one
     * falls back to the published one before it, or to the built-in app.
     */
    async moveH5(id: number, to: AppVersionState): Promise<H5Version> {
      const row = await h5OrThrow(id);
      const from = stateOf(row.status);
      if (from === to) return oneH5(id);
      if (!H5_VERSION_MOVES[from].includes(to)) throw errors.conflict('release.badMove', { from, to });
      if (to === 'published') await unpacked(row.file_id);
      if (!(await repository.setH5Status(id, from, to, now()))) throw errors.conflict('release.badMove', { from, to });
      liveCache = null;
      return oneH5(id);
    },

    async deleteH5(id: number): Promise<null> {
      const row = await h5OrThrow(id);
      if (stateOf(row.status) === 'published') throw errors.conflict('release.deletePublished');
      if (row.app_count > 0) throw errors.conflict('release.h5InUse', { count: row.app_count });
      await repository.deleteH5(id);
      liveCache = null;
      if ((await repository.h5UsingFile(row.file_id)) === 0) await fs.promises.rm(path.join(h5Dir, row.file_id), { recursive: true, force: true });
      return null;
    },

    /**
     * The folder `/app/` serves: the most recently published H5 version's unpacked package, or
     * null for the app built with the server (none published, or its package cannot be unpacked here).
     */
    async liveH5Root(): Promise<string | null> {
      const now = Date.now();
      if (liveCache && now - liveCache.at < LIVE_H5_CACHE_MS) return liveCache.root;
      let live: { file_id: string } | undefined;
      try {
        [live] = await repository.livePublishedH5(1);
      } catch {
        // The database is unreachable: the app keeps loading what it served last (or the built-in
        // app), not a 500 — a caregiver's phone must still open the app that shows the alarms.
        return liveCache?.root ?? null;
      }
      const root =
        !live || unservable.has(live.file_id)
          ? null
          : await unpacked(live.file_id).catch(() => {
              // Not tried again on every request (it was checked when published; its file is gone or damaged since).
              unservable.add(live.file_id);
              return null;
            });
      liveCache = { at: now, root };
      return root;
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
