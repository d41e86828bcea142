import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DevicesTable } from '../db/schema.ts';

/** Devices per last-seen UPDATE: the statement's CASE and IN list grow with it. */
const LAST_SEEN_ROWS_PER_UPDATE = 300;

/** A device with what placement its bed gives it (the device directory's row). */
function directoryQuery(db: Db) {
  return db
    .selectFrom('devices as d')
    .leftJoin('beds as b', 'b.id', 'd.bed_id')
    .leftJoin('residents as r', 'r.bed_id', 'd.bed_id')
    .select([
      'd.id', 'd.device_id', 'd.device_type', 'd.device_key', 'd.previous_key', 'd.previous_key_until', 'd.provider_id', 'd.bed_id', 'd.room_id', 'd.resident_id', 'd.host_id', 'd.online', 'd.settings',
      'b.room_id as bed_room_id', 'r.id as bed_resident_id',
    ]);
}

export type DirectoryRow = Awaited<ReturnType<ReturnType<typeof directoryQuery>['execute']>>[number];

/**
 * SQL of ingest on the devices table: the directory's rows, keys, and the live state ingest
 * and supervision keep (status fields, online, last seen). The writes of ingest's batch take
 * the batch's transaction as their first parameter, so a batch builds no repository.
 */
export function deviceStateRepository(db: Db) {
  return {
    /** Every device, for the directory's full (re)load. */
    directoryRows: (): Promise<DirectoryRow[]> => directoryQuery(db).execute(),
    directoryRow: (deviceId: string): Promise<DirectoryRow | undefined> => directoryQuery(db).where('d.device_id', '=', deviceId).executeTakeFirst(),

    /** Drops the previous key; not if the key was rotated again meanwhile (it is no longer `sealedKey`, the key as stored). */
    async forgetPreviousKey(rowId: number, sealedKey: string): Promise<void> {
      await db.updateTable('devices').set({ previous_key: null, previous_key_until: null }).where('id', '=', rowId).where('device_key', '=', sealedKey).execute();
    },

    /**
     * The device logged in with the key a rotateKey command sent it: that command is answered (acked), so
     * the console does not show a confirmed rotation as "timeout" when the device's own ack never came.
     */
    async confirmRotateCommand(rowId: number, sealedKey: string, time: number): Promise<void> {
      // The command recorded the key it sent as the device's key was stored (sealed): `{"key": <sealed>}`.
      await db
        .updateTable('device_commands')
        .set({ state: 'acked', message: 'new key in use', answered_at: time })
        .where('device_id', '=', rowId)
        .where('cmd', '=', 'rotateKey')
        .where('state', 'in', ['pending', 'timeout'])
        .where('args', '=', JSON.stringify({ key: sealedKey }))
        .execute();
    },

    /** Every device's current and previous key (sealed), for Mosquitto's password file. */
    keys() {
      return db.selectFrom('devices').select(['device_id', 'device_key', 'previous_key', 'previous_key_until']).orderBy('device_id').execute();
    },

    /** The provider of each device that exists (for a scope check). */
    providersOf(deviceIds: readonly string[]) {
      return db.selectFrom('devices').select(['device_id', 'provider_id']).where('device_id', 'in', deviceIds).execute();
    },

    /** What supervision needs of every online device to tell whether it fell silent. */
    online() {
      return db.selectFrom('devices').select(['device_id', 'device_type', 'settings', 'last_seen_at', 'online_changed_at']).where('online', '=', 1).execute();
    },

    /**
     * Takes a silent device offline unless it was heard from after `seen` (here or by another
     * process); answers whether this update made the change.
     */
    async markSilentOffline(deviceId: string, seen: number, time: number): Promise<boolean> {
      const result = await db
        .updateTable('devices')
        .set({ online: 0, online_changed_at: time })
        .where('device_id', '=', deviceId)
        .where('online', '=', 1)
        .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', seen)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Locks the device rows a PostgreSQL batch is about to change, in device-ID order, before it
     * changes any: two processes' batches then take their row locks in the same order and never
     * wait on each other in a circle (a deadlock). SQLite has one writer and needs none of this.
     */
    async lockInOrder(trx: Db, deviceIds: readonly string[]): Promise<void> {
      if (deviceIds.length === 0) return;
      await sql`select 1 from devices where device_id = any(${[...deviceIds]}::text[]) order by device_id for update`.execute(trx);
    },

    /** Status fields a device reported. */
    async patch(trx: Db, deviceId: string, patch: Updateable<DevicesTable>): Promise<void> {
      await trx.updateTable('devices').set(patch).where('device_id', '=', deviceId).execute();
    },

    /** Online or offline, only from the other state: answers whether this update made the change (not another process). */
    async setOnline(trx: Db, deviceId: string, online: boolean, at: number): Promise<boolean> {
      const result = await trx
        .updateTable('devices')
        .set({ online: online ? 1 : 0, online_changed_at: at, last_seen_at: at })
        .where('device_id', '=', deviceId)
        .where('online', '=', online ? 0 : 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Last-seen times, one statement per few hundred devices (not an UPDATE per device). */
    async writeLastSeen(trx: Db, rows: readonly (readonly [deviceId: string, time: number])[]): Promise<void> {
      for (let index = 0; index < rows.length; index += LAST_SEEN_ROWS_PER_UPDATE) {
        const part = rows.slice(index, index + LAST_SEEN_ROWS_PER_UPDATE);
        const cases = sql.join(part.map(([deviceId, time]) => sql`when ${deviceId} then cast(${time} as bigint)`), sql` `);
        await trx
          .updateTable('devices')
          .set({ last_seen_at: sql<number>`case device_id ${cases} else last_seen_at end` })
          .where('device_id', 'in', part.map(([deviceId]) => deviceId))
          .execute();
      }
    },
  };
}
export type DeviceStateRepository = ReturnType<typeof deviceStateRepository>;
