import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DeviceRecentEventsTable, DevicesTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

export type DeviceRow = Selectable<DevicesTable>;
export type RecentEventRow = Selectable<DeviceRecentEventsTable>;

/** SQL for gateway hosts, their sub-devices, fall radars and the recent-event tail. */
export function gatewayRepository(db: Db) {
  return {
    async findByDeviceId(deviceId: string): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
    },

    async findById(id: number): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async subDevicesOf(hostIds: readonly number[]): Promise<DeviceRow[]> {
      if (hostIds.length === 0) return [];
      return db.selectFrom('devices').selectAll().where('host_id', 'in', hostIds).orderBy('id').execute();
    },

    async countSubDevices(hostId: number): Promise<number> {
      const row = await db.selectFrom('devices').select((eb) => eb.fn.countAll<number | string>().as('n')).where('host_id', '=', hostId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of the provider's devices of the given types; keyWord matches ID and location (and, for hosts, their sub-devices). */
    async page(providerId: number, types: readonly number[], filter: { keyWord?: string; online?: boolean | null; pageNum: number; pageSize: number; withSubDevices?: boolean }) {
      let query = db.selectFrom('devices as d').where('d.provider_id', '=', providerId).where('d.device_type', 'in', types);
      if (filter.online !== undefined && filter.online !== null) query = query.where('d.online', '=', filter.online ? 1 : 0);
      if (filter.keyWord) {
        const keyWord = filter.keyWord;
        query = query.where((eb) => {
          const own = [containsText(eb.fn('lower', ['d.device_id']), keyWord), containsText(eb.fn('lower', ['d.location']), keyWord)];
          if (!filter.withSubDevices) return eb.or(own);
          const sub = eb.exists(eb.selectFrom('devices as s').select('s.id').whereRef('s.host_id', '=', 'd.id')
            .where((inner) => inner.or([containsText(inner.fn('lower', ['s.device_id']), keyWord), containsText(inner.fn('lower', ['s.location']), keyWord)])));
          return eb.or([...own, sub]);
        });
      }
      const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await query.selectAll('d').orderBy('d.id', 'desc').limit(filter.pageSize).offset((filter.pageNum - 1) * filter.pageSize).execute();
      return { rows, total: Number(total.n) };
    },

    /** Takes a device from stock into a provider (only while it is still in stock: a race leaves it to the first). */
    async takeFromStock(id: number, providerId: number, fields: { location: string; hostId: number | null; pairing: string }, now: number): Promise<boolean> {
      const result = await db.updateTable('devices')
        .set({ provider_id: providerId, added_at: now, location: fields.location, host_id: fields.hostId, pairing: fields.pairing, tested: 0, updated_at: now })
        .where('id', '=', id).where('provider_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Returns devices to stock: no provider, binding, host or pairing. */
    async returnToStock(ids: readonly number[], now: number): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('devices')
        .set({ provider_id: null, added_at: null, location: '', room_id: null, bed_id: null, resident_id: null, host_id: null, pairing: 'none', tested: 0, pairing_until: null, updated_at: now })
        .where('id', 'in', ids)
        .execute();
    },

    async update(id: number, fields: Partial<Pick<DeviceRow, 'pairing' | 'tested' | 'host_id' | 'location' | 'pairing_until' | 'realtime_until' | 'settings' | 'settings_pending'>>, now: number): Promise<void> {
      await db.updateTable('devices').set({ ...fields, updated_at: now }).where('id', '=', id).execute();
    },

    /** Moves a host and its sub-devices to another provider; their room, bed and resident bindings belong to the old one and are cleared. */
    async moveToProvider(ids: readonly number[], providerId: number, now: number): Promise<void> {
      await db.updateTable('devices').set({ provider_id: providerId, room_id: null, bed_id: null, resident_id: null, updated_at: now }).where('id', 'in', ids).execute();
    },

    /** Records events (a repeat of one already recorded is ignored); recent-event-log.ts gathers them. */
    async recordEvents(rows: readonly Omit<RecentEventRow, 'id'>[]): Promise<void> {
      for (let index = 0; index < rows.length; index += 200) {
        await db.insertInto('device_recent_events').values(rows.slice(index, index + 200))
          .onConflict((oc) => oc.columns(['device_id', 'sub_device_id', 'event_type', 'ts']).doNothing())
          .execute();
      }
    },

    async pruneEvents(before: number): Promise<void> {
      await db.deleteFrom('device_recent_events').where('received_at', '<', before).execute();
    },

    /** Events a device reported for itself, or a host reported for it, newest first. */
    async recentEvents(deviceId: string, since: number, limit: number, type?: string): Promise<RecentEventRow[]> {
      let query = db.selectFrom('device_recent_events').selectAll()
        .where((eb) => eb.or([eb.and([eb('device_id', '=', deviceId), eb('sub_device_id', '=', '')]), eb('sub_device_id', '=', deviceId), eb('device_id', '=', deviceId)]))
        .where('received_at', '>', since);
      if (type) query = query.where('event_type', '=', type);
      return query.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** A provider a host may move to: present and not deleted. */
    async findLiveProvider(id: number) {
      return db.selectFrom('providers').select(['id', 'level', 'parent_id', 'enabled']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },
  };
}
export type GatewayRepository = ReturnType<typeof gatewayRepository>;
