import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AppVersionsTable, H5VersionsTable, ReleaseFilesTable } from '../../db/schema.ts';

export type ReleaseFileRow = Selectable<ReleaseFilesTable>;
export type AppVersionRow = Selectable<AppVersionsTable> & { h5_count: number };
export type H5VersionRow = Selectable<H5VersionsTable> & { app_count: number };

export interface AppVersionFields {
  platform: string;
  versionName: string;
  buildNumber: string;
  updateLog: string;
  storeUrl: string;
  fileId: string | null;
  forceUpgrade: boolean;
}

/** SQL for release files, app versions, H5 versions and their pairing. */
export function releaseRepository(db: Db) {
  const appVersions = () =>
    db
      .selectFrom('app_versions as v')
      .selectAll('v')
      .select((eb) => eb.selectFrom('app_h5_versions as p').whereRef('p.app_version_id', '=', 'v.id').select((e) => e.fn.countAll<number>().as('n')).as('h5_count'));
  const h5Versions = () =>
    db
      .selectFrom('h5_versions as h')
      .selectAll('h')
      .select((eb) => eb.selectFrom('app_h5_versions as p').whereRef('p.h5_version_id', '=', 'h.id').select((e) => e.fn.countAll<number>().as('n')).as('app_count'));

  return {
    async insertFile(file: ReleaseFileRow): Promise<void> {
      await db.insertInto('release_files').values(file).execute();
    },
    async findFile(id: string): Promise<ReleaseFileRow | undefined> {
      return db.selectFrom('release_files').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async filesByIds(ids: readonly string[]): Promise<ReleaseFileRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('release_files').selectAll().where('id', 'in', ids).execute();
    },

    async findApp(id: number): Promise<AppVersionRow | undefined> {
      const row = await appVersions().where('v.id', '=', id).executeTakeFirst();
      return row && { ...row, h5_count: Number(row.h5_count ?? 0) };
    },
    async findAppByBuild(platform: string, buildNumber: string) {
      return db.selectFrom('app_versions').select('id').where('platform', '=', platform).where('build_number', '=', buildNumber).executeTakeFirst();
    },
    async appPage(filter: { platform?: string | null; status?: string | null; keyWord?: string }, page: { pageNum: number; pageSize: number }) {
      let query = db.selectFrom('app_versions as v');
      if (filter.platform) query = query.where('v.platform', '=', filter.platform);
      if (filter.status) query = query.where('v.status', '=', filter.status);
      if (filter.keyWord) query = query.where('v.version_name', 'like', `%${filter.keyWord.replace(/[%_\\]/g, '')}%`);
      const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      let rows = appVersions();
      if (filter.platform) rows = rows.where('v.platform', '=', filter.platform);
      if (filter.status) rows = rows.where('v.status', '=', filter.status);
      if (filter.keyWord) rows = rows.where('v.version_name', 'like', `%${filter.keyWord.replace(/[%_\\]/g, '')}%`);
      const list = await rows.orderBy('v.build_number', 'desc').orderBy('v.id', 'desc').limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize).execute();
      return { rows: list.map((row) => ({ ...row, h5_count: Number(row.h5_count ?? 0) })), total: Number(total.n) };
    },
    /** Published versions of a platform above a build, newest first. */
    async publishedAbove(platform: string, buildNumber: string): Promise<AppVersionRow[]> {
      const rows = await appVersions()
        .where('v.platform', '=', platform)
        .where('v.status', '=', 'published')
        .where('v.build_number', '>', buildNumber)
        .orderBy('v.build_number', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, h5_count: Number(row.h5_count ?? 0) }));
    },
    async insertApp(fields: AppVersionFields, now: number): Promise<number> {
      const row = await db
        .insertInto('app_versions')
        .values({
          platform: fields.platform,
          version_name: fields.versionName,
          build_number: fields.buildNumber,
          update_log: fields.updateLog,
          store_url: fields.storeUrl,
          file_id: fields.fileId,
          force_upgrade: fields.forceUpgrade ? 1 : 0,
          status: 'saved',
          uploaded_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async setAppStatus(id: number, from: string, to: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('app_versions')
        .set({ status: to, ...(to === 'published' ? { published_at: now } : {}) })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteApp(id: number): Promise<void> {
      await db.deleteFrom('app_h5_versions').where('app_version_id', '=', id).execute();
      await db.deleteFrom('app_versions').where('id', '=', id).execute();
    },

    async findH5(id: number): Promise<H5VersionRow | undefined> {
      const row = await h5Versions().where('h.id', '=', id).executeTakeFirst();
      return row && { ...row, app_count: Number(row.app_count ?? 0) };
    },
    async h5Page(filter: { keyWord?: string }, page: { pageNum: number; pageSize: number }) {
      let count = db.selectFrom('h5_versions as h');
      let rows = h5Versions();
      if (filter.keyWord) {
        const like = `%${filter.keyWord.replace(/[%_\\]/g, '')}%`;
        count = count.where('h.version', 'like', like);
        rows = rows.where('h.version', 'like', like);
      }
      const total = await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const list = await rows.orderBy('h.id', 'desc').limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize).execute();
      return { rows: list.map((row) => ({ ...row, app_count: Number(row.app_count ?? 0) })), total: Number(total.n) };
    },
    async h5OfApp(appVersionId: number): Promise<H5VersionRow[]> {
      const rows = await h5Versions()
        .where((eb) => eb.exists(eb.selectFrom('app_h5_versions as q').whereRef('q.h5_version_id', '=', 'h.id').where('q.app_version_id', '=', appVersionId).select('q.h5_version_id')))
        .orderBy('h.id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, app_count: Number(row.app_count ?? 0) }));
    },
    /** Published H5 versions, most recently published first: the first is what /app/ serves, the second its fallback. */
    async livePublishedH5(limit: number): Promise<H5VersionRow[]> {
      const rows = await h5Versions().where('h.status', '=', 'published').orderBy('h.published_at', 'desc').orderBy('h.id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...row, app_count: Number(row.app_count ?? 0) }));
    },
    async setH5Status(id: number, from: string, to: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('h5_versions')
        .set({ status: to, ...(to === 'published' ? { published_at: now } : {}) })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** How many H5 versions use a file (its unpacked copy is kept while any does). */
    async h5UsingFile(fileId: string): Promise<number> {
      const row = await db.selectFrom('h5_versions').select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', fileId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insertH5(version: string, fileId: string, now: number): Promise<number> {
      const row = await db.insertInto('h5_versions').values({ version, file_id: fileId, uploaded_at: now }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async updateH5(id: number, version: string, fileId: string, now: number): Promise<void> {
      await db.updateTable('h5_versions').set({ version, file_id: fileId, uploaded_at: now }).where('id', '=', id).execute();
    },
    async deleteH5(id: number): Promise<void> {
      await db.deleteFrom('h5_versions').where('id', '=', id).execute();
    },

    async pair(appVersionId: number, h5VersionId: number): Promise<void> {
      const existing = await db.selectFrom('app_h5_versions').select('app_version_id').where('app_version_id', '=', appVersionId).where('h5_version_id', '=', h5VersionId).executeTakeFirst();
      if (!existing) await db.insertInto('app_h5_versions').values({ app_version_id: appVersionId, h5_version_id: h5VersionId }).execute();
    },
    async unpair(appVersionId: number, h5VersionId: number): Promise<void> {
      await db.deleteFrom('app_h5_versions').where('app_version_id', '=', appVersionId).where('h5_version_id', '=', h5VersionId).execute();
    },
  };
}
export type ReleaseRepository = ReturnType<typeof releaseRepository>;
