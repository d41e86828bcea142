import crypto from 'node:crypto';
import { FIRMWARE_DOWNLOAD_TOKEN_MS, ROLLOUT_HALT_FAILURE_RATE, ROLLOUT_HALT_MIN_ANSWERED, compareFirmwareVersions, type DeviceCommand, type DeviceCommandName } from '@vigil/contracts';
import type { EventBus } from '../../events/event-bus.ts';
import type { DownloadTokens } from './download-token.ts';
import type { FirmwareRepository } from './firmware.repository.ts';
import type { FirmwareUpgradeRepository } from './firmware-upgrade.repository.ts';
import { HARDSOFT_DOWNLOAD_PATH } from './firmware.service.ts';

/** Devices upgrading at once per package (paced rollout); `FIRMWARE_ROLLOUT_BATCH` overrides it. */
export const DEFAULT_ROLLOUT_BATCH = 5;
/** How often the rollout looks for devices to start. */
export const ROLLOUT_TICK_MS = 5_000;

/** The devices module's command service, as the rollout sends `upgrade` with an id it chose. */
export interface CommandIssuer {
  issue(deviceRowId: number, cmd: DeviceCommandName, args: Record<string, unknown>, id?: string): Promise<DeviceCommand>;
}

/**
 * Delivery of released packages (docs/firmware.md): each released package gets a
 * `firmware_upgrades` row per target device (the whitelist for grayscale, every device of the
 * type for full) below its version; a tick sends `upgrade` to online pending devices, at most
 * `batch` in flight per package; the device's `ack` stages and its `status` firmware settle them.
 */
export function firmwareRollout(deps: {
  upgrades: FirmwareUpgradeRepository;
  firmware: FirmwareRepository;
  bus: EventBus;
  commands: CommandIssuer;
  tokens: DownloadTokens;
  now: () => number;
  batch: number;
  log: { warn(data: object, message: string): void };
}) {
  const { upgrades, now } = deps;

  async function enqueue(pkg: { id: number; device_type: number; version: string; status: string }): Promise<void> {
    const rows = await upgrades.targets(pkg.id, pkg.device_type, pkg.status === 'grayscale');
    const existing = new Set(await upgrades.upgradedDeviceIds(pkg.id));
    const fresh = rows.filter((row) => !existing.has(row.id) && !(row.firmware_version && compareFirmwareVersions(row.firmware_version, pkg.version) >= 0));
    if (fresh.length > 0) await upgrades.insertPending(pkg.id, fresh.map((row) => row.id), now());
  }

  /** A grayscale rollout whose failure rate passed the threshold halts itself (and says so in the log and the list). */
  async function haltOnFailures(firmwareId: number, version: string): Promise<boolean> {
    const states = await upgrades.answeredStates(firmwareId);
    const failed = states.filter((state) => state === 'failed').length;
    if (states.length < ROLLOUT_HALT_MIN_ANSWERED || failed / states.length <= ROLLOUT_HALT_FAILURE_RATE) return false;
    await upgrades.halt(firmwareId, now());
    deps.log.warn({ firmwareId, version, failed, answered: states.length }, 'grayscale firmware rollout halted: too many devices failed');
    return true;
  }

  async function tick(): Promise<void> {
    const released = await upgrades.releasedPackages();
    for (const pkg of released) {
      if (pkg.status === 'grayscale' && (await haltOnFailures(pkg.id, pkg.version))) continue;
      await enqueue(pkg);
      const room = deps.batch - (await upgrades.busyCount(pkg.id));
      if (room <= 0) continue;
      const next = await upgrades.nextPending(pkg.id, room);
      for (const deviceRowId of next) {
        // The upgrade is taken for its command before it is sent: a tick running at the same time
        // sends nothing to this device, and the device's ack finds the upgrade however soon it comes.
        const commandId = crypto.randomUUID();
        if (!(await upgrades.moveCommand(pkg.id, deviceRowId, null, commandId, now()))) continue;
        const url = `${HARDSOFT_DOWNLOAD_PATH}?token=${deps.tokens.issue(pkg.file_id, deviceRowId, FIRMWARE_DOWNLOAD_TOKEN_MS)}`;
        // A command that could not be sent (or recorded) leaves the device pending for a later tick.
        const command = await deps.commands.issue(deviceRowId, 'upgrade', { version: pkg.version, url, size: Number(pkg.size), md5: pkg.md5 }, commandId).catch(async (error: unknown) => {
          await upgrades.moveCommand(pkg.id, deviceRowId, commandId, null, now());
          throw error;
        });
        if (command.state === 'failed') await upgrades.moveCommand(pkg.id, deviceRowId, commandId, null, now());
      }
    }
  }

  deps.bus.subscribe('device.ack', async (event) => {
    const { ack } = event;
    const row = await upgrades.findByCommand(ack.id);
    if (!row || row.state === 'done' || row.state === 'failed') return;
    const state = !ack.ok ? 'failed' : ack.stage ?? 'done';
    await upgrades.advance(row.firmware_id, row.device_id, { state, progress: ack.progress ?? (state === 'done' ? 100 : 0), message: ack.ok ? '' : ack.message ?? ack.code ?? '', updated_at: event.receivedAt });
  });

  // The device's own report of its new version settles its upgrade as done.
  deps.bus.subscribe('device.status', async (event) => {
    const version = event.status.firmware;
    if (!version) return;
    const device = await deps.firmware.deviceById(event.deviceId);
    if (!device) return;
    const open = await upgrades.unfinishedOf(device.id);
    for (const row of open) {
      if (compareFirmwareVersions(version, row.version) < 0) continue;
      await upgrades.settleDone(row.firmware_id, device.id, event.receivedAt);
    }
  });

  return { tick, enqueue };
}
export type FirmwareRollout = ReturnType<typeof firmwareRollout>;
