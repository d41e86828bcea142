import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  FIRMWARE_DOWNLOAD_TOKEN_MS,
  FIRMWARE_MAX_BYTES,
  FIRMWARE_MOVES,
  Status,
  compareFirmwareVersions,
  deviceTypeInfo,
  type Firmware,
  type FirmwareState,
} from '@vigil/contracts';
import { AppError, errors } from '../../http/errors.ts';
import { taskModule } from '../../workers/task-module.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { FileTooLargeError, type ReleaseStore } from '../releases/release-store.ts';
import type { DownloadTokens } from './download-token.ts';
import { keyMatches } from '../../ingest/device-directory.ts';
import type { DeviceKeySeal } from '../../ingest/device-key-seal.ts';
import type { tasks } from './firmware-tasks.ts';
import { presentFirmware, presentGrayDevice, presentUpgrade, stateOf, type PackageRow } from './firmware.presenter.ts';
import type { FirmwareRepository } from './firmware.repository.ts';
import type { FirmwareUpgradeRepository } from './firmware-upgrade.repository.ts';

const firmwareTasks = taskModule<typeof tasks>(import.meta.url, './firmware-tasks');
const INSPECT_TIME_LIMIT_MS = 30_000;
const MB = 1024 * 1024;
export const HARDSOFT_DOWNLOAD_PATH = '/api/hardSoft/download';

/** The highest of some versions, or null. */
function highest(versions: readonly string[]): string | null {
  return versions.reduce<string | null>((best, version) => (best === null || compareFirmwareVersions(version, best) > 0 ? version : best), null);
}

/**
 * Firmware packages (docs/firmware.md): upload and checks, the §4 state machine, gray
 * devices, and what devices ask (newest version, download). Vendor data: SUPER and SENIOR.
 */
export function firmwareService(deps: { repository: FirmwareRepository; upgrades: FirmwareUpgradeRepository; store: ReleaseStore; workers: WorkerPool; tokens: DownloadTokens; deviceKeys: DeviceKeySeal; now: () => number }) {
  const { repository, upgrades, store, workers, tokens, now } = deps;

  async function packageOrThrow(id: number): Promise<PackageRow> {
    const row = await repository.findPackage(id);
    if (!row) throw errors.notFound('firmware.notFound');
    return row;
  }
  async function checkVersionIsHigher(deviceType: number, version: string): Promise<void> {
    const current = highest(await repository.versionsOfType(deviceType));
    if (current !== null && compareFirmwareVersions(version, current) <= 0) throw errors.badRequest('firmware.versionNotHigher', { version, current });
  }

  return {
    /**
     * Streams the zip to storage (MD5 on the way), then checks in order: the MD5 the vendor
     * entered, the zip itself in a worker (hostile zips, manifest), the device type, the version.
     * A refused upload leaves nothing behind.
     */
    async upload(input: { deviceType: number; md5: string; fileName: string; source: Readable; isTruncated: () => boolean }) {
      const fileName = path.basename(input.fileName).slice(-255);
      if (!fileName.toLowerCase().endsWith('.zip')) {
        input.source.resume();
        throw errors.badRequest('firmware.zipOnly');
      }
      let stored;
      try {
        stored = await store.write(input.source, FIRMWARE_MAX_BYTES, input.isTruncated);
      } catch (error) {
        if (error instanceof FileTooLargeError) throw new AppError(Status.TOO_LARGE, 'firmware.tooLarge', { max: FIRMWARE_MAX_BYTES / MB });
        throw error;
      }
      const filePath = store.pathOf(stored.id) ?? '';
      try {
        if (stored.md5 !== input.md5) throw errors.badRequest('upload.md5Wrong');
        const manifest = await workers.run(firmwareTasks, 'inspectFirmwareZip', { path: filePath }, {
          timeLimitMs: INSPECT_TIME_LIMIT_MS,
          refusals: { failed: () => errors.badRequest('firmware.zipBroken'), crashed: () => errors.badRequest('firmware.zipBroken') },
        });
        if (manifest.deviceType !== input.deviceType) {
          const name = (type: number) => deviceTypeInfo(type)?.model ?? String(type);
          throw errors.badRequest('firmware.typeMismatch', { packageType: name(manifest.deviceType), chosen: name(input.deviceType) });
        }
        await checkVersionIsHigher(manifest.deviceType, manifest.version);
        const row = { id: stored.id, file_name: fileName, size: stored.size, md5: stored.md5, device_type: manifest.deviceType, version: manifest.version, created_at: now() };
        await repository.insertFile(row);
        return { fileId: row.id, fileName, size: row.size, md5: row.md5, deviceType: row.device_type, version: row.version };
      } catch (error) {
        await store.remove(stored.id);
        throw error;
      }
    },

    async post(input: { fileId: string; remark: string }): Promise<Firmware> {
      const file = await repository.findFile(input.fileId);
      if (!file) throw errors.badRequest('firmware.uploadFirst');
      await checkVersionIsHigher(file.device_type, file.version);
      const id = await repository.insertPackage(file, input.remark, now());
      return presentFirmware(await packageOrThrow(id));
    },

    async list(input: { pageNum: number; pageSize: number; keyWord?: string; deviceType?: number | null; status?: string | null }) {
      const page = await repository.page(input, input);
      return { rows: page.rows.map(presentFirmware), total: page.total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** The §4 moves; full release needs confirm (301 first); grayscale needs gray devices. */
    async move(input: { id: number; status: FirmwareState; confirm: boolean }): Promise<Firmware> {
      const row = await packageOrThrow(input.id);
      const from = stateOf(row.status);
      const to = input.status;
      if (from === to) return presentFirmware(row);
      if (!FIRMWARE_MOVES[from].includes(to)) throw errors.conflict('firmware.badMove', { from, to });
      if (to === 'grayscale' && row.gray_count === 0) throw errors.badRequest('firmware.grayEmpty');
      if (to === 'full' && !input.confirm) {
        const model = deviceTypeInfo(row.device_type)?.model ?? String(row.device_type);
        throw new AppError(Status.CONFIRM_REQUIRED, 'firmware.confirmFull', { version: row.version, model }, { confirm: 'fullRelease' });
      }
      if (!(await repository.setStatus(row.id, from, to, now()))) throw errors.conflict('firmware.badMove', { from, to });
      return presentFirmware(await packageOrThrow(row.id));
    },

    /** Resumes a halted grayscale rollout: its failed devices go back to pending. */
    async resume(id: number): Promise<Firmware> {
      const row = await packageOrThrow(id);
      if (row.halted_at === null || stateOf(row.status) !== 'grayscale') throw errors.conflict('firmware.notHalted');
      await upgrades.resume(id, now());
      return presentFirmware(await packageOrThrow(id));
    },

    async one(id: number): Promise<Firmware> {
      return presentFirmware(await packageOrThrow(id));
    },

    async upgrades(firmwareId: number) {
      await packageOrThrow(firmwareId);
      const rows = await upgrades.listOf(firmwareId);
      return rows.map(presentUpgrade);
    },

    async remove(id: number): Promise<null> {
      const row = await packageOrThrow(id);
      const state = stateOf(row.status);
      if (state === 'grayscale' || state === 'full') throw errors.conflict('firmware.deletePublished');
      await repository.deletePackage(id);
      return null;
    },

    /** Why each device could not be whitelisted for the package (not registered, other type); empty when all can. */
    async checkGray(firmwareId: number, deviceIds: string[]): Promise<Map<string, 'device.notRegistered' | 'device.firmwareTypeMismatch'>> {
      const row = await packageOrThrow(firmwareId);
      const found = await repository.devicesByIds(deviceIds);
      const refusals = new Map<string, 'device.notRegistered' | 'device.firmwareTypeMismatch'>();
      for (const deviceId of deviceIds) {
        const device = found.find((candidate) => candidate.device_id === deviceId);
        if (!device) refusals.set(deviceId, 'device.notRegistered');
        else if (device.device_type !== row.device_type) refusals.set(deviceId, 'device.firmwareTypeMismatch');
      }
      return refusals;
    },

    async addGray(input: { firmwareId: number; deviceIds: string[] }): Promise<{ added: number }> {
      const row = await packageOrThrow(input.firmwareId);
      const state = stateOf(row.status);
      if (state !== 'unpublished' && state !== 'grayscale') throw errors.conflict('firmware.grayNotEditable');
      if (input.deviceIds.length === 0) throw errors.badRequest('firmware.grayEmpty');
      const found = await repository.devicesByIds(input.deviceIds);
      for (const deviceId of input.deviceIds) {
        const device = found.find((candidate) => candidate.device_id === deviceId);
        if (!device) throw errors.invalidField('deviceIds', 'device.notRegistered');
        if (device.device_type !== row.device_type) throw errors.invalidField('deviceIds', 'device.firmwareTypeMismatch');
      }
      return { added: await repository.addGray(row.id, found.map((device) => device.id), now()) };
    },

    async grayList(firmwareId: number) {
      await packageOrThrow(firmwareId);
      const rows = await repository.grayList(firmwareId);
      return rows.map(presentGrayDevice);
    },

    async removeGray(firmwareId: number, deviceId: string): Promise<null> {
      const row = await packageOrThrow(firmwareId);
      const state = stateOf(row.status);
      if (state !== 'unpublished' && state !== 'grayscale') throw errors.conflict('firmware.grayNotEditable');
      const device = await repository.deviceById(deviceId);
      if (!device) throw errors.notFound('device.notFound');
      await repository.removeGray(firmwareId, device.id);
      return null;
    },

    /**
     * A device's question: the newest package released to it (full for its type, or grayscale
     * with it on the whitelist) above its reported version, with a signed download link.
     */
    async lastVersion(deviceId: string, bearer: string | undefined) {
      const device = await repository.deviceById(deviceId);
      // The stored key is sealed; compared in constant time (hashed first: its length does not show either).
      const key = device ? deps.deviceKeys.open(device.device_key) : null;
      if (!device || key === null || !keyMatches(key, bearer ?? '')) throw new AppError(Status.NO_PERMISSION, 'firmware.deviceKey');
      const released = await repository.releasedOfType(device.device_type);
      const eligible = [];
      for (const row of released) if (row.status === 'full' || (await repository.isGray(row.id, device.id))) eligible.push(row);
      const best = eligible.reduce<PackageRow | null>((top, row) => (top === null || compareFirmwareVersions(row.version, top.version) > 0 ? row : top), null);
      if (!best || (device.firmware_version && compareFirmwareVersions(best.version, device.firmware_version) <= 0)) return null;
      return { version: best.version, size: best.size, md5: best.md5, url: `${HARDSOFT_DOWNLOAD_PATH}?token=${tokens.issue(best.file_id, device.id, FIRMWARE_DOWNLOAD_TOKEN_MS)}` };
    },

    /** The stored file a valid download token names, or null. */
    async download(token: string): Promise<{ stream: Readable; size: number; fileName: string } | null> {
      const claim = tokens.verify(token);
      if (!claim) return null;
      // A link works only while its package is released to that device: removing the package (or
      // taking the device off a grayscale list) revokes links already handed out.
      const released = await repository.releasedPackageOfFile(claim.fileId);
      if (!released) return null;
      if (stateOf(released.status) === 'grayscale' && !(await repository.isGray(released.id, claim.deviceRowId))) return null;
      const file = await repository.findFile(claim.fileId);
      const stream = file ? await store.open(claim.fileId) : null;
      if (!file || !stream) return null;
      return { stream, size: Number(file.size), fileName: file.file_name };
    },
  };
}
export type FirmwareService = ReturnType<typeof firmwareService>;
