import { FIRMWARE_STATES, FIRMWARE_UPGRADE_STATES, deviceTypeInfo, type Firmware, type FirmwareState } from '@vigil/contracts';
import type { FirmwareRepository } from './firmware.repository.ts';
import type { FirmwareUpgradeRepository } from './firmware-upgrade.repository.ts';

/** A package with its file and gray/upgraded/failed counts, as the repository reads it. */
export type PackageRow = NonNullable<Awaited<ReturnType<FirmwareRepository['findPackage']>>>;
type UpgradeRow = Awaited<ReturnType<FirmwareUpgradeRepository['listOf']>>[number];
type GrayDeviceRow = Awaited<ReturnType<FirmwareRepository['grayList']>>[number];

/** The package's state (§4); an unknown stored value reads as unpublished. */
export function stateOf(value: string): FirmwareState {
  return FIRMWARE_STATES.find((state) => state === value) ?? 'unpublished';
}

export function presentFirmware(row: PackageRow): Firmware {
  return {
    id: row.id,
    deviceType: row.device_type,
    model: deviceTypeInfo(row.device_type)?.model ?? String(row.device_type),
    version: row.version,
    fileName: row.file_name,
    size: row.size,
    md5: row.md5,
    status: stateOf(row.status),
    remark: row.remark,
    grayCount: row.gray_count,
    upgradedCount: row.upgraded_count,
    failedCount: row.failed_count,
    createdAt: Number(row.created_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    haltedAt: row.halted_at === null ? null : Number(row.halted_at),
  };
}

/** One device's upgrade to a package. */
export function presentUpgrade(row: UpgradeRow) {
  return {
    deviceId: row.device_id,
    online: row.online === 1,
    firmwareVersion: row.firmware_version,
    state: FIRMWARE_UPGRADE_STATES.find((state) => state === row.state) ?? 'pending',
    progress: row.progress,
    message: row.message,
    updatedAt: Number(row.updated_at),
  };
}

/** A device on a package's grayscale whitelist. */
export function presentGrayDevice(row: GrayDeviceRow) {
  return { deviceId: row.device_id, deviceType: row.device_type, online: row.online === 1, firmwareVersion: row.firmware_version, addedAt: Number(row.added_at) };
}
