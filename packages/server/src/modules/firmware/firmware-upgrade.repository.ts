import type { Db } from '../../db/database.ts';

/** Upgrade states a device is still working through. */
const IN_FLIGHT = ['downloading', 'installing'];
/** Where each state stands in an upgrade: a device's answer moves its upgrade only forward. */
const STAGE_RANK: Record<string, number> = { pending: 0, downloading: 1, installing: 2 };
/** Done and failed: an upgrade's end. */
const FINAL_RANK = 3;

/** A package's rollout row per device, as the ack and status handlers move it. */
export interface UpgradeProgress {
  state: string;
  progress: number;
  message: string;
  updated_at: number;
}

/** SQL of the per-device upgrades of released packages (the rollout), their halting and resuming. */
export function firmwareUpgradeRepository(db: Db) {
  return {
    /** Released (grayscale or full) packages not halted, with their file's size and MD5. */
    async releasedPackages() {
      return db
        .selectFrom('firmware_packages as p')
        .innerJoin('firmware_files as f', 'f.id', 'p.file_id')
        .select(['p.id', 'p.device_type', 'p.version', 'p.status', 'p.file_id', 'f.size', 'f.md5'])
        .where('p.status', 'in', ['grayscale', 'full'])
        .where('p.halted_at', 'is', null)
        .execute();
    },

    /** The devices a package targets: its gray devices when `grayOnly`, else every device of the type. */
    async targets(firmwareId: number, deviceType: number, grayOnly: boolean) {
      let targets = db.selectFrom('devices as d').select(['d.id', 'd.firmware_version']).where('d.device_type', '=', deviceType);
      if (grayOnly) {
        targets = targets.where((eb) => eb.exists(eb.selectFrom('firmware_gray_devices as g').whereRef('g.device_id', '=', 'd.id').where('g.firmware_id', '=', firmwareId).select('g.device_id')));
      }
      return targets.execute();
    },

    /** Devices that already have an upgrade row for the package. */
    async upgradedDeviceIds(firmwareId: number): Promise<number[]> {
      const rows = await db.selectFrom('firmware_upgrades').select('device_id').where('firmware_id', '=', firmwareId).execute();
      return rows.map((row) => row.device_id);
    },

    /** Adds pending upgrade rows for the devices. */
    async insertPending(firmwareId: number, deviceRowIds: readonly number[], now: number): Promise<void> {
      if (deviceRowIds.length === 0) return;
      // A tick running at the same time (the route's and the scheduled job's) may have added them first.
      await db
        .insertInto('firmware_upgrades')
        .values(deviceRowIds.map((deviceRowId) => ({ firmware_id: firmwareId, device_id: deviceRowId, state: 'pending', updated_at: now })))
        .onConflict((conflict) => conflict.columns(['firmware_id', 'device_id']).doNothing())
        .execute();
    },

    /** The states of the package's answered upgrades (done or failed). */
    async answeredStates(firmwareId: number): Promise<string[]> {
      const rows = await db.selectFrom('firmware_upgrades').select(['state']).where('firmware_id', '=', firmwareId).where('state', 'in', ['done', 'failed']).execute();
      return rows.map((row) => row.state);
    },

    /** Marks the package's rollout halted (once). */
    async halt(firmwareId: number, now: number): Promise<void> {
      await db.updateTable('firmware_packages').set({ halted_at: now }).where('id', '=', firmwareId).where('halted_at', 'is', null).execute();
    },

    /** Upgrades in flight: downloading, installing, or pending with a command sent. */
    async busyCount(firmwareId: number): Promise<number> {
      const busy = await db
        .selectFrom('firmware_upgrades')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firmware_id', '=', firmwareId)
        .where((eb) => eb.or([eb('state', 'in', IN_FLIGHT), eb.and([eb('state', '=', 'pending'), eb('command_id', 'is not', null)])]))
        .executeTakeFirstOrThrow();
      return Number(busy.n);
    },

    /** Up to `limit` online devices whose upgrade is pending and not yet commanded, in device order. */
    async nextPending(firmwareId: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('firmware_upgrades as u')
        .innerJoin('devices as d', 'd.id', 'u.device_id')
        .select(['u.device_id'])
        .where('u.firmware_id', '=', firmwareId)
        .where('u.state', '=', 'pending')
        .where('u.command_id', 'is', null)
        .where('d.online', '=', 1)
        .orderBy('u.device_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.device_id);
    },

    /**
     * Moves a pending upgrade's command from `from` to `to` (null: none), only if it is still
     * `from`: answers whether it moved. The rollout takes an upgrade (null → its command's id)
     * before sending, so another tick (here or in another process) that took it first wins and the
     * device's ack finds its upgrade however soon it comes; and gives it back (id → null) when the
     * command could not be sent.
     */
    async moveCommand(firmwareId: number, deviceRowId: number, from: string | null, to: string | null, now: number): Promise<boolean> {
      const result = await db
        .updateTable('firmware_upgrades')
        .set({ command_id: to, updated_at: now })
        .where('firmware_id', '=', firmwareId)
        .where('device_id', '=', deviceRowId)
        .where('state', '=', 'pending')
        .where('command_id', from === null ? 'is' : '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The upgrade an `upgrade` command belongs to. */
    async findByCommand(commandId: string) {
      return db.selectFrom('firmware_upgrades').select(['firmware_id', 'device_id', 'state']).where('command_id', '=', commandId).executeTakeFirst();
    },

    /**
     * Moves an upgrade forward along pending → downloading → installing → done or failed, only
     * forward: a device's answers may be handled out of their order (ingest hands a batch's
     * events to their handlers at once, over several database connections), so an answer
     * behind the row's state (a "downloading" handled after the "failed" sent after it) changes
     * nothing, and done and failed are final.
     */
    async advance(firmwareId: number, deviceRowId: number, progress: UpgradeProgress): Promise<void> {
      const rank = STAGE_RANK[progress.state] ?? FINAL_RANK;
      const behind = Object.keys(STAGE_RANK).filter((state) => STAGE_RANK[state] < rank);
      await db
        .updateTable('firmware_upgrades')
        .set(progress)
        .where('firmware_id', '=', firmwareId)
        .where('device_id', '=', deviceRowId)
        .where((eb) => {
          const earlier = eb('state', 'in', behind);
          // The same stage moves on only to more progress (a download's 50 % after its 0 %).
          return rank < FINAL_RANK ? eb.or([earlier, eb.and([eb('state', '=', progress.state), eb('progress', '<=', progress.progress)])]) : earlier;
        })
        .execute();
    },

    /** The device reports running the package's version (or a later one): its upgrade is done, whatever it said before. */
    async settleDone(firmwareId: number, deviceRowId: number, at: number): Promise<void> {
      await db
        .updateTable('firmware_upgrades')
        .set({ state: 'done', progress: 100, message: '', updated_at: at })
        .where('firmware_id', '=', firmwareId)
        .where('device_id', '=', deviceRowId)
        .where('state', '!=', 'done')
        .execute();
    },

    /** The device's upgrades not yet done, with their package's version. */
    async unfinishedOf(deviceRowId: number) {
      return db
        .selectFrom('firmware_upgrades as u')
        .innerJoin('firmware_packages as p', 'p.id', 'u.firmware_id')
        .select(['u.firmware_id', 'p.version'])
        .where('u.device_id', '=', deviceRowId)
        .where('u.state', '!=', 'done')
        .execute();
    },

    /** Resumes a halted rollout in one transaction: the package runs again and its failed devices go back to pending. */
    async resume(firmwareId: number, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('firmware_packages').set({ halted_at: null }).where('id', '=', firmwareId).execute();
        await trx.updateTable('firmware_upgrades').set({ state: 'pending', progress: 0, command_id: null, message: '', updated_at: now }).where('firmware_id', '=', firmwareId).where('state', '=', 'failed').execute();
      });
    },

    /** The package's upgrades with their devices, in device ID order. */
    async listOf(firmwareId: number) {
      return db
        .selectFrom('firmware_upgrades as u')
        .innerJoin('devices as d', 'd.id', 'u.device_id')
        .select(['d.device_id', 'd.online', 'd.firmware_version', 'u.state', 'u.progress', 'u.message', 'u.updated_at'])
        .where('u.firmware_id', '=', firmwareId)
        .orderBy('d.device_id')
        .execute();
    },
  };
}
export type FirmwareUpgradeRepository = ReturnType<typeof firmwareUpgradeRepository>;
