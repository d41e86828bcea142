import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FirmwareFilesTable, FirmwarePackagesTable } from '../../db/schema.ts';

export type FirmwareFileRow = Selectable<FirmwareFilesTable>;
export type FirmwarePackageRow = Selectable<FirmwarePackagesTable> & {
  file_name: string;
  size: number;
  md5: string;
  gray_count: number;
  upgraded_count: number;
  failed_count: number;
};

const PUBLISHED = ['grayscale', 'full'];

/** SQL for firmware files, packages, gray devices and per-device upgrades. */
export function firmwareRepository(db: Db) {
  const packages = () =>
    db
      .selectFrom('firmware_packages as p')
      .innerJoin('firmware_files as f', 'f.id', 'p.file_id')
      .selectAll('p')
      .select(['f.file_name', 'f.size', 'f.md5'])
      .select((eb) => [
        eb.selectFrom('firmware_gray_devices as g').whereRef('g.firmware_id', '=', 'p.id').select((e) => e.fn.countAll<number>().as('n')).as('gray_count'),
        eb.selectFrom('firmware_upgrades as u').whereRef('u.firmware_id', '=', 'p.id').where('u.state', '=', 'done').select((e) => e.fn.countAll<number>().as('n')).as('upgraded_count'),
        eb.selectFrom('firmware_upgrades as u').whereRef('u.firmware_id', '=', 'p.id').where('u.state', '=', 'failed').select((e) => e.fn.countAll<number>().as('n')).as('failed_count'),
      ]);
  const counted = <T extends { gray_count: unknown; upgraded_count: unknown; failed_count: unknown; size: unknown }>(row: T) => ({
    ...row,
    size: Number(row.size),
    gray_count: Number(row.gray_count ?? 0),
    upgraded_count: Number(row.upgraded_count ?? 0),
    failed_count: Number(row.failed_count ?? 0),
  });

  return {
    async insertFile(row: FirmwareFileRow): Promise<void> {
      await db.insertInto('firmware_files').values(row).execute();
    },
    async findFile(id: string): Promise<FirmwareFileRow | undefined> {
      return db.selectFrom('firmware_files').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Every package version of a type (any state). */
    async versionsOfType(deviceType: number): Promise<string[]> {
      const rows = await db.selectFrom('firmware_packages').select('version').where('device_type', '=', deviceType).execute();
      return rows.map((row) => row.version);
    },
    async insertPackage(file: FirmwareFileRow, remark: string, now: number): Promise<number> {
      const row = await db
        .insertInto('firmware_packages')
        .values({ file_id: file.id, device_type: file.device_type, version: file.version, status: 'unpublished', remark, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async findPackage(id: number) {
      const row = await packages().where('p.id', '=', id).executeTakeFirst();
      return row && counted(row);
    },
    async page(filter: { deviceType?: number | null; status?: string | null; keyWord?: string }, page: { pageNum: number; pageSize: number }) {
      let count = db.selectFrom('firmware_packages as p');
      let rows = packages();
      if (filter.deviceType) {
        count = count.where('p.device_type', '=', filter.deviceType);
        rows = rows.where('p.device_type', '=', filter.deviceType);
      }
      if (filter.status) {
        const states = filter.status === 'published' ? PUBLISHED : [filter.status];
        count = count.where('p.status', 'in', states);
        rows = rows.where('p.status', 'in', states);
      }
      if (filter.keyWord) {
        const like = `%${filter.keyWord.replace(/[%_\\]/g, '')}%`;
        count = count.where('p.version', 'like', like);
        rows = rows.where('p.version', 'like', like);
      }
      const total = await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const list = await rows.orderBy('p.id', 'desc').limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize).execute();
      return { rows: list.map(counted), total: Number(total.n) };
    },
    async setStatus(id: number, from: string, to: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('firmware_packages')
        .set({ status: to, ...(from === 'unpublished' ? { published_at: now } : {}) })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deletePackage(id: number): Promise<void> {
      await db.deleteFrom('firmware_packages').where('id', '=', id).execute();
    },
    /** The newest released (grayscale or full) packages of a type, newest version first is decided by the caller. */
    async releasedOfType(deviceType: number) {
      const rows = await packages().where('p.device_type', '=', deviceType).where('p.status', 'in', PUBLISHED).execute();
      return rows.map(counted);
    },
    /** The released (grayscale or full) package of a stored file, if there is one. */
    async releasedPackageOfFile(fileId: string) {
      const row = await packages().where('p.file_id', '=', fileId).where('p.status', 'in', PUBLISHED).executeTakeFirst();
      return row && counted(row);
    },
    async isGray(firmwareId: number, deviceRowId: number): Promise<boolean> {
      const row = await db.selectFrom('firmware_gray_devices').select('device_id').where('firmware_id', '=', firmwareId).where('device_id', '=', deviceRowId).executeTakeFirst();
      return row !== undefined;
    },

    async devicesByIds(deviceIds: readonly string[]) {
      if (deviceIds.length === 0) return [];
      return db.selectFrom('devices').select(['id', 'device_id', 'device_type', 'device_key', 'online', 'firmware_version']).where('device_id', 'in', deviceIds).execute();
    },
    async deviceById(deviceId: string) {
      return db.selectFrom('devices').select(['id', 'device_id', 'device_type', 'device_key', 'online', 'firmware_version']).where('device_id', '=', deviceId).executeTakeFirst();
    },
    async addGray(firmwareId: number, deviceRowIds: readonly number[], now: number): Promise<number> {
      const existing = await db.selectFrom('firmware_gray_devices').select('device_id').where('firmware_id', '=', firmwareId).execute();
      const have = new Set(existing.map((row) => row.device_id));
      const fresh = [...new Set(deviceRowIds)].filter((id) => !have.has(id));
      if (fresh.length > 0) await db.insertInto('firmware_gray_devices').values(fresh.map((device_id) => ({ firmware_id: firmwareId, device_id, added_at: now }))).execute();
      return fresh.length;
    },
    async grayList(firmwareId: number) {
      return db
        .selectFrom('firmware_gray_devices as g')
        .innerJoin('devices as d', 'd.id', 'g.device_id')
        .select(['d.device_id', 'd.device_type', 'd.online', 'd.firmware_version', 'g.added_at'])
        .where('g.firmware_id', '=', firmwareId)
        .orderBy('g.added_at', 'desc')
        .execute();
    },
    async removeGray(firmwareId: number, deviceRowId: number): Promise<void> {
      await db.deleteFrom('firmware_gray_devices').where('firmware_id', '=', firmwareId).where('device_id', '=', deviceRowId).execute();
    },
  };
}
export type FirmwareRepository = ReturnType<typeof firmwareRepository>;
