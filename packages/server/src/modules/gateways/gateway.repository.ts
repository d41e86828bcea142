import { sql, type Selectable } from 'kysely';
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

    /** Building / floor / room (· bed) of each device by devices.id: its room, else its bed's room; '' when unbound. */
    async placesOf(providerId: number, ids: readonly number[]): Promise<Map<number, string>> {
      const places = new Map<number, string>();
      if (ids.length === 0) return places;
      const rows = await db
        .selectFrom('devices')
        .leftJoin('beds', 'beds.id', 'devices.bed_id')
        .leftJoin('rooms', (join) => join.on(sql<boolean>`rooms.id = coalesce(devices.room_id, beds.room_id)`))
        .leftJoin('areas as floor', 'floor.id', 'rooms.floor_id')
        .leftJoin('areas as area', 'area.id', 'floor.parent_id')
        .select(['devices.id as id', 'beds.name as bed', 'rooms.name as room', 'floor.name as floor', 'area.name as area'])
        .where('devices.provider_id', '=', providerId)
        .where('devices.id', 'in', [...ids])
        .execute();
      for (const row of rows) {
        const room = [row.area, row.floor, row.room].filter((part): part is string => typeof part === 'string' && part.length > 0).join(' / ');
        places.set(row.id, row.bed && room ? `${room} · ${row.bed}` : room);
      }
      return places;
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

    /** The latest door or motion report of each device (reported by itself or by its host), within the kept 24 h. */
    async latestSensorEvents(deviceIds: readonly string[]): Promise<Map<string, { event_type: string; status: number; received_at: number }>> {
      const found = new Map<string, { event_type: string; status: number; received_at: number }>();
      if (deviceIds.length === 0) return found;
      const ids = [...deviceIds];
      const rows = await db.selectFrom('device_recent_events')
        .select(['device_id', 'sub_device_id', 'event_type', 'status', 'received_at'])
        .where('event_type', 'in', ['door', 'motion'])
        .where((eb) => eb.or([eb('sub_device_id', 'in', ids), eb.and([eb('device_id', 'in', ids), eb('sub_device_id', '=', '')])]))
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(5000)
        .execute();
      for (const row of rows) {
        const device = row.sub_device_id === '' ? row.device_id : row.sub_device_id;
        if (!found.has(device)) found.set(device, { event_type: row.event_type, status: row.status, received_at: Number(row.received_at) });
      }
      return found;
    },

    /** The room of the provider's resident (its bed's room): undefined when no such resident, null when not on a bed. */
    async residentRoomId(providerId: number, residentId: number): Promise<number | null | undefined> {
      const row = await db.selectFrom('residents').leftJoin('beds', 'beds.id', 'residents.bed_id')
        .select(['beds.room_id as roomId'])
        .where('residents.id', '=', residentId).where('residents.provider_id', '=', providerId)
        .executeTakeFirst();
      return row ? (row.roomId ?? null) : undefined;
    },

    /** The provider's devices of the given types bound to the room. */
    async devicesInRoom(providerId: number, roomId: number, types: readonly number[]): Promise<DeviceRow[]> {
      if (types.length === 0) return [];
      return db.selectFrom('devices').selectAll().where('provider_id', '=', providerId).where('room_id', '=', roomId).where('device_type', 'in', [...types]).orderBy('id').execute();
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
