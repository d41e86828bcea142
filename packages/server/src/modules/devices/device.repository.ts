import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DeviceCommandsTable, DevicesTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

export type DeviceRow = Selectable<DevicesTable>;
export type DeviceValues = Omit<Insertable<DevicesTable>, 'id'>;
export type DeviceCommandRow = Selectable<DeviceCommandsTable>;

/** A device with the names of its provider and binding. */
export type DeviceListRow = DeviceRow & {
  provider_name: string | null;
  bed_name: string | null;
  room_name: string | null;
  floor_name: string | null;
  building_name: string | null;
  /** The bound resident, or the resident on the bound bed. */
  bound_resident_id: number | null;
  bound_resident_name: string | null;
};

/** Which devices a query may see: providers in reach (or all, with stock) and the device types of the edition and filters. */
export interface DeviceReach {
  /** 'all': vendor roles, stock included; otherwise these providers' devices only. */
  providerIds: 'all' | readonly number[];
  deviceTypes: readonly number[];
}

export interface DeviceListFilter {
  keyWord?: string;
  online?: boolean | null;
  bound?: boolean | null;
  /** true: gateway sub-devices only; false: devices not behind a gateway. */
  hosted?: boolean | null;
  stock?: 'stock' | 'added' | null;
  providerId?: number | null;
}

/** SQL for devices and their commands. */
export function deviceRepository(db: Db) {
  function joined() {
    return db
      .selectFrom('devices as d')
      .leftJoin('providers as p', 'p.id', 'd.provider_id')
      .leftJoin('beds as b', 'b.id', 'd.bed_id')
      .leftJoin('rooms as rm', 'rm.id', 'd.room_id')
      .leftJoin('areas as f', 'f.id', 'rm.floor_id')
      .leftJoin('areas as a', 'a.id', 'f.parent_id')
      .leftJoin('residents as rr', 'rr.id', 'd.resident_id')
      .leftJoin('residents as rb', 'rb.bed_id', 'd.bed_id');
  }

  /**
   * The devices matching the reach and filters, from the devices table alone: the keyword
   * reaches names of providers, beds, rooms and residents through id subqueries, so counts
   * and pages never join (only the page's rows are joined to their names).
   */
  function filtered(reach: DeviceReach, filter: DeviceListFilter) {
    let query = db.selectFrom('devices as d');
    if (reach.providerIds !== 'all') {
      const ids = [...reach.providerIds];
      query = ids.length ? query.where('d.provider_id', 'in', ids) : query.where('d.id', '<', 0);
    }
    query = reach.deviceTypes.length ? query.where('d.device_type', 'in', [...reach.deviceTypes]) : query.where('d.id', '<', 0);
    if (filter.providerId) query = query.where('d.provider_id', '=', filter.providerId);
    if (filter.stock === 'stock') query = query.where('d.provider_id', 'is', null);
    if (filter.stock === 'added') query = query.where('d.provider_id', 'is not', null);
    if (filter.online !== undefined && filter.online !== null) query = query.where('d.online', '=', filter.online ? 1 : 0);
    if (filter.bound === true) query = query.where((eb) => eb.or([eb('d.bed_id', 'is not', null), eb('d.room_id', 'is not', null), eb('d.resident_id', 'is not', null)]));
    if (filter.hosted === true) query = query.where('d.host_id', 'is not', null);
    if (filter.hosted === false) query = query.where('d.host_id', 'is', null);
    if (filter.bound === false) query = query.where('d.bed_id', 'is', null).where('d.room_id', 'is', null).where('d.resident_id', 'is', null);
    if (filter.keyWord) {
      const keyWord = filter.keyWord;
      query = query.where((eb) =>
        eb.or([
          containsText(eb.fn<string>('lower', [eb.ref('d.device_id')]), keyWord),
          containsText(eb.fn<string>('lower', [eb.ref('d.imei')]), keyWord),
          containsText(eb.fn<string>('lower', [eb.ref('d.location')]), keyWord),
          eb('d.provider_id', 'in', eb.selectFrom('providers').select('id').where((inner) => containsText(inner.ref('name_key'), keyWord))),
          eb('d.bed_id', 'in', eb.selectFrom('beds').select('id').where((inner) => containsText(inner.ref('name_key'), keyWord))),
          eb('d.room_id', 'in', eb.selectFrom('rooms').select('id').where((inner) => containsText(inner.ref('name_key'), keyWord))),
          eb('d.resident_id', 'in', eb.selectFrom('residents').select('id').where((inner) => containsText(inner.ref('name_key'), keyWord))),
          eb('d.bed_id', 'in', eb.selectFrom('residents').select('bed_id').where((inner) => containsText(inner.ref('name_key'), keyWord))),
        ]),
      );
    }
    return query;
  }

  function withColumns(query: ReturnType<typeof joined>) {
    return query
      .selectAll('d')
      .select([
        'p.name as provider_name',
        'b.name as bed_name',
        'rm.name as room_name',
        'f.name as floor_name',
        'a.name as building_name',
        (eb) => eb.fn.coalesce('rr.id', 'rb.id').as('bound_resident_id'),
        (eb) => eb.fn.coalesce('rr.name', 'rb.name').as('bound_resident_name'),
      ]);
  }

  return {
    async findById(id: number): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByDeviceId(deviceId: string): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
    },

    async findListRow(id: number): Promise<DeviceListRow | undefined> {
      return withColumns(joined()).where('d.id', '=', id).executeTakeFirst();
    },

    /** Newest first: the count and the page's ids from the devices table, then only those rows joined. */
    /** Row ids of the provider's sleep monitors on beds of the communities (level-1 areas), or bound to residents on them. */
    async sleepMonitorsInCommunities(providerId: number, communityIds: readonly number[], sleepTypes: readonly number[]): Promise<number[]> {
      if (communityIds.length === 0) return [];
      const bedsOf = db.selectFrom('beds as b').innerJoin('rooms as r', 'r.id', 'b.room_id').innerJoin('areas as f', 'f.id', 'r.floor_id')
        .select('b.id').where('b.provider_id', '=', providerId).where('f.parent_id', 'in', [...communityIds]);
      const rows = await db.selectFrom('devices as d')
        .select('d.id')
        .where('d.provider_id', '=', providerId)
        .where('d.device_type', 'in', [...sleepTypes])
        .where((eb) => eb.or([
          eb('d.bed_id', 'in', bedsOf),
          eb('d.resident_id', 'in', eb.selectFrom('residents as p').select('p.id').where('p.bed_id', 'in', bedsOf)),
        ]))
        .orderBy('d.id')
        .execute();
      return rows.map((row) => row.id);
    },

    async page(reach: DeviceReach, filter: DeviceListFilter, pageNum: number, pageSize: number): Promise<{ rows: DeviceListRow[]; total: number }> {
      const source = filtered(reach, filter);
      const totalRow = await source.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const ids = (await source.select('d.id').orderBy('d.id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()).map((row) => row.id);
      const rows = ids.length ? await withColumns(joined()).where('d.id', 'in', ids).orderBy('d.id', 'desc').execute() : [];
      return { rows, total: Number(totalRow.n) };
    },

    async all(reach: DeviceReach, filter: DeviceListFilter): Promise<DeviceListRow[]> {
      return withColumns(joined()).where('d.id', 'in', filtered(reach, filter).select('d.id')).orderBy('d.id', 'desc').execute();
    },

    /** Counts by online, bound and stock state. */
    async counts(reach: DeviceReach, filter: DeviceListFilter): Promise<{ online: number; bound: number; stock: number; n: number }[]> {
      const rows = await filtered(reach, filter)
        .select((eb) => [
          'd.online',
          eb.case().when(eb.or([eb('d.bed_id', 'is not', null), eb('d.room_id', 'is not', null), eb('d.resident_id', 'is not', null)])).then(1).else(0).end().as('bound'),
          eb.case().when('d.provider_id', 'is', null).then(1).else(0).end().as('stock'),
          eb.fn.countAll<number>().as('n'),
        ])
        .groupBy(['d.online', 'bound', 'stock'])
        .execute();
      return rows.map((row) => ({ online: Number(row.online), bound: Number(row.bound), stock: Number(row.stock), n: Number(row.n) }));
    },

    async insert(values: DeviceValues): Promise<number> {
      const row = await db.insertInto('devices').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Partial<DeviceValues>): Promise<void> {
      await db.updateTable('devices').set(values).where('id', '=', id).execute();
    },

    /**
     * Gives a stock device to a provider, only while it is still in stock and not withheld
     * (a concurrent add by another home loses here); answers whether it was claimed.
     */
    async claim(id: number, values: Partial<DeviceValues>): Promise<boolean> {
      const result = await db.updateTable('devices').set(values).where('id', '=', id).where('provider_id', 'is', null).where('withheld', '=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async findBed(id: number): Promise<{ id: number; provider_id: number; room_id: number } | undefined> {
      return db.selectFrom('beds').select(['id', 'provider_id', 'room_id']).where('id', '=', id).executeTakeFirst();
    },

    async findRoom(id: number): Promise<{ id: number; provider_id: number } | undefined> {
      return db.selectFrom('rooms').select(['id', 'provider_id']).where('id', '=', id).executeTakeFirst();
    },

    async findResident(id: number): Promise<{ id: number; provider_id: number } | undefined> {
      return db.selectFrom('residents').select(['id', 'provider_id']).where('id', '=', id).executeTakeFirst();
    },

    /** Every room of a provider with its beds (one row per bed, or one with a null bed), for the import's place columns. */
    async places(providerId: number): Promise<{ room_id: number; room_name: string; floor_name: string; building_name: string; bed_id: number | null; bed_name: string | null }[]> {
      return db
        .selectFrom('rooms as rm')
        .innerJoin('areas as f', 'f.id', 'rm.floor_id')
        .innerJoin('areas as a', 'a.id', 'f.parent_id')
        .leftJoin('beds as b', 'b.room_id', 'rm.id')
        .select(['rm.id as room_id', 'rm.name as room_name', 'f.name as floor_name', 'a.name as building_name', 'b.id as bed_id', 'b.name as bed_name'])
        .where('rm.provider_id', '=', providerId)
        .execute();
    },

    async providerName(id: number): Promise<string> {
      return (await db.selectFrom('providers').select('name').where('id', '=', id).executeTakeFirst())?.name ?? '';
    },

    async deleteCommands(deviceRowId: number): Promise<void> {
      await db.deleteFrom('device_commands').where('device_id', '=', deviceRowId).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('devices').where('id', '=', id).execute();
    },

    /** Another device of these types bound to the bed (directly), or to the resident (directly). */
    async findHolder(target: { bedId: number } | { residentId: number }, deviceTypes: readonly number[], exceptId: number): Promise<DeviceRow | undefined> {
      let query = db.selectFrom('devices').selectAll().where('id', '!=', exceptId).where('device_type', 'in', [...deviceTypes]);
      query = 'bedId' in target ? query.where('bed_id', '=', target.bedId) : query.where('resident_id', '=', target.residentId);
      return query.orderBy('id').executeTakeFirst();
    },

    async clearBinding(id: number, time: number): Promise<void> {
      await db.updateTable('devices').set({ bed_id: null, room_id: null, resident_id: null, updated_at: time }).where('id', '=', id).execute();
    },

    async insertCommand(row: DeviceCommandRow): Promise<void> {
      await db.insertInto('device_commands').values(row).execute();
    },

    async findCommand(id: string): Promise<DeviceCommandRow | undefined> {
      return db.selectFrom('device_commands').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async lastCommand(deviceRowId: number): Promise<DeviceCommandRow | undefined> {
      return db.selectFrom('device_commands').selectAll().where('device_id', '=', deviceRowId).orderBy('sent_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
    },

    /** Records a device's answer to a pending command of that device (by plain device ID); answers whether one was pending. */
    async answerCommand(commandId: string, plainDeviceId: string, answer: { state: 'acked' | 'failed'; message: string; time: number }): Promise<boolean> {
      const device = await db.selectFrom('devices').select('id').where('device_id', '=', plainDeviceId).executeTakeFirst();
      if (!device) return false;
      const result = await db
        .updateTable('device_commands')
        .set({ state: answer.state, message: answer.message, answered_at: answer.time })
        .where('id', '=', commandId)
        .where('device_id', '=', device.id)
        .where('state', 'in', ['pending', 'timeout'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Deletes commands answered (acked or failed) before the time, and ones still pending that were
     * sent before it (long past their timeout); answers how many.
     */
    async pruneCommands(before: number): Promise<number> {
      const result = await db
        .deleteFrom('device_commands')
        .where((eb) => eb.or([
          eb.and([eb('state', 'in', ['acked', 'failed', 'timeout']), eb('answered_at', '<', before)]),
          eb.and([eb('state', 'in', ['pending', 'timeout']), eb('sent_at', '<', before)]),
        ]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The device's current and previous key (key rotation reads them in its transaction). */
    async findKeys(id: number) {
      return db.selectFrom('devices').select(['device_key', 'previous_key', 'previous_key_until']).where('id', '=', id).executeTakeFirst();
    },

    /** Stores a rotated key: the new one, the one kept valid until `previousKeyUntil`, and when it rotated. */
    async rotateKey(id: number, keys: { deviceKey: string; previousKey: string | null; previousKeyUntil: number }, time: number): Promise<void> {
      await db
        .updateTable('devices')
        .set({ device_key: keys.deviceKey, previous_key: keys.previousKey, previous_key_until: keys.previousKeyUntil, key_rotated_at: time, updated_at: time })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Settles the device's rotation to `sentKey` if it is still the newest one: confirmed drops the
     * previous key, refused puts the previous key back. Answers whether a rotation was settled.
     */
    async settleRotation(id: number, sentKey: string, confirmed: boolean): Promise<boolean> {
      const newest = db.updateTable('devices').where('id', '=', id).where('device_key', '=', sentKey).where('previous_key', 'is not', null);
      const result = confirmed
        ? await newest.set({ previous_key: null, previous_key_until: null }).executeTakeFirst()
        : await newest.set((eb) => ({ device_key: eb.ref('previous_key').$castTo<string>(), previous_key: null, previous_key_until: null })).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async failCommand(commandId: string, message: string, time: number): Promise<void> {
      await db.updateTable('device_commands').set({ state: 'failed', message, answered_at: time }).where('id', '=', commandId).execute();
    },
  };
}
export type DeviceRepository = ReturnType<typeof deviceRepository>;
