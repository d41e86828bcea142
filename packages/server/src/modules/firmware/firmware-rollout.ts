import { FIRMWARE_DOWNLOAD_TOKEN_MS, ROLLOUT_HALT_FAILURE_RATE, ROLLOUT_HALT_MIN_ANSWERED, compareFirmwareVersions, type DeviceCommand, type DeviceCommandName } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { DownloadTokens } from './download-token.ts';
import { HARDSOFT_DOWNLOAD_PATH } from './firmware.service.ts';

/** Devices upgrading at once per package (paced rollout); `FIRMWARE_ROLLOUT_BATCH` overrides it. */
export const DEFAULT_ROLLOUT_BATCH = 5;
/** How often the rollout looks for devices to start. */
export const ROLLOUT_TICK_MS = 5_000;

interface CommandIssuer {
  issue(deviceRowId: number, cmd: DeviceCommandName, args: Record<string, unknown>): Promise<DeviceCommand>;
}

const IN_FLIGHT = ['downloading', 'installing'];

/**
 * Delivery of released packages (docs/firmware.md): each released package gets a
 * `firmware_upgrades` row per target device (the whitelist for grayscale, every device of the
 * type for full) below its version; a tick sends `upgrade` to online pending devices, at most
 * `batch` in flight per package; the device's `ack` stages and its `status` firmware settle them.
 */
export function firmwareRollout(deps: { db: Db; bus: EventBus; commands: CommandIssuer; tokens: DownloadTokens; now: () => number; batch: number; log: { warn(data: object, message: string): void } }) {
  const { db, now } = deps;

  async function enqueue(pkg: { id: number; device_type: number; version: string; status: string }): Promise<void> {
    let targets = db.selectFrom('devices as d').select(['d.id', 'd.firmware_version']).where('d.device_type', '=', pkg.device_type);
    if (pkg.status === 'grayscale') {
      targets = targets.where((eb) => eb.exists(eb.selectFrom('firmware_gray_devices as g').whereRef('g.device_id', '=', 'd.id').where('g.firmware_id', '=', pkg.id).select('g.device_id')));
    }
    const rows = await targets.execute();
    const existing = new Set((await db.selectFrom('firmware_upgrades').select('device_id').where('firmware_id', '=', pkg.id).execute()).map((row) => row.device_id));
    const fresh = rows.filter((row) => !existing.has(row.id) && !(row.firmware_version && compareFirmwareVersions(row.firmware_version, pkg.version) >= 0));
    if (fresh.length > 0) {
      await db.insertInto('firmware_upgrades').values(fresh.map((row) => ({ firmware_id: pkg.id, device_id: row.id, state: 'pending', updated_at: now() }))).execute();
    }
  }

  /** A grayscale rollout whose failure rate passed the threshold halts itself (and says so in the log and the list). */
  async function haltOnFailures(firmwareId: number, version: string): Promise<boolean> {
    const rows = await db.selectFrom('firmware_upgrades').select(['state']).where('firmware_id', '=', firmwareId).where('state', 'in', ['done', 'failed']).execute();
    const failed = rows.filter((row) => row.state === 'failed').length;
    if (rows.length < ROLLOUT_HALT_MIN_ANSWERED || failed / rows.length <= ROLLOUT_HALT_FAILURE_RATE) return false;
    await db.updateTable('firmware_packages').set({ halted_at: now() }).where('id', '=', firmwareId).where('halted_at', 'is', null).execute();
    deps.log.warn({ firmwareId, version, failed, answered: rows.length }, 'grayscale firmware rollout halted: too many devices failed');
    return true;
  }

  async function tick(): Promise<void> {
    const released = await db
      .selectFrom('firmware_packages as p')
      .innerJoin('firmware_files as f', 'f.id', 'p.file_id')
      .select(['p.id', 'p.device_type', 'p.version', 'p.status', 'p.file_id', 'f.size', 'f.md5'])
      .where('p.status', 'in', ['grayscale', 'full'])
      .where('p.halted_at', 'is', null)
      .execute();
    for (const pkg of released) {
      if (pkg.status === 'grayscale' && (await haltOnFailures(pkg.id, pkg.version))) continue;
      await enqueue(pkg);
      const busy = await db
        .selectFrom('firmware_upgrades')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firmware_id', '=', pkg.id)
        .where((eb) => eb.or([eb('state', 'in', IN_FLIGHT), eb.and([eb('state', '=', 'pending'), eb('command_id', 'is not', null)])]))
        .executeTakeFirstOrThrow();
      const room = deps.batch - Number(busy.n);
      if (room <= 0) continue;
      const next = await db
        .selectFrom('firmware_upgrades as u')
        .innerJoin('devices as d', 'd.id', 'u.device_id')
        .select(['u.device_id'])
        .where('u.firmware_id', '=', pkg.id)
        .where('u.state', '=', 'pending')
        .where('u.command_id', 'is', null)
        .where('d.online', '=', 1)
        .orderBy('u.device_id')
        .limit(room)
        .execute();
      for (const { device_id: deviceRowId } of next) {
        const url = `${HARDSOFT_DOWNLOAD_PATH}?token=${deps.tokens.issue(pkg.file_id, deviceRowId, FIRMWARE_DOWNLOAD_TOKEN_MS)}`;
        const command = await deps.commands.issue(deviceRowId, 'upgrade', { version: pkg.version, url, size: Number(pkg.size), md5: pkg.md5 });
        // A command that could not be sent leaves the device pending for a later tick.
        if (command.state !== 'failed') {
          await db.updateTable('firmware_upgrades').set({ command_id: command.id, updated_at: now() }).where('firmware_id', '=', pkg.id).where('device_id', '=', deviceRowId).execute();
        }
      }
    }
  }

  deps.bus.subscribe('device.ack', async (event) => {
    const { ack } = event;
    const row = await db.selectFrom('firmware_upgrades').select(['firmware_id', 'device_id', 'state']).where('command_id', '=', ack.id).executeTakeFirst();
    if (!row || row.state === 'done' || row.state === 'failed') return;
    const state = !ack.ok ? 'failed' : ack.stage ?? 'done';
    await db
      .updateTable('firmware_upgrades')
      .set({ state, progress: ack.progress ?? (state === 'done' ? 100 : 0), message: ack.ok ? '' : ack.message ?? ack.code ?? '', updated_at: event.receivedAt })
      .where('firmware_id', '=', row.firmware_id)
      .where('device_id', '=', row.device_id)
      .execute();
  });

  // The device's own report of its new version settles its upgrade as done.
  deps.bus.subscribe('device.status', async (event) => {
    const version = event.status.firmware;
    if (!version) return;
    const device = await db.selectFrom('devices').select('id').where('device_id', '=', event.deviceId).executeTakeFirst();
    if (!device) return;
    const open = await db
      .selectFrom('firmware_upgrades as u')
      .innerJoin('firmware_packages as p', 'p.id', 'u.firmware_id')
      .select(['u.firmware_id', 'p.version'])
      .where('u.device_id', '=', device.id)
      .where('u.state', '!=', 'done')
      .execute();
    for (const row of open) {
      if (compareFirmwareVersions(version, row.version) < 0) continue;
      await db.updateTable('firmware_upgrades').set({ state: 'done', progress: 100, message: '', updated_at: event.receivedAt }).where('firmware_id', '=', row.firmware_id).where('device_id', '=', device.id).execute();
    }
  });

  return { tick, enqueue };
}
export type FirmwareRollout = ReturnType<typeof firmwareRollout>;
