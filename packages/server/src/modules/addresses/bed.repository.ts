import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BedsTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

export type BedRow = Selectable<BedsTable>;
export type BedListRow = BedRow & {
  room_name: string;
  floor_id: number;
  floor_name: string;
  building_id: number;
  building_name: string;
  resident_id: number | null;
  resident_name: string | null;
};

export interface BedFilter {
  areaId?: number | null;
  roomId?: number | null;
  roomName?: string;
  occupied?: boolean | null;
  keyWord?: string;
}

/** SQL for beds and their place in the address tree. */
export function bedRepository(db: Db) {
  function bedList(providerId: number, filter: BedFilter) {
    let query = db
      .selectFrom('beds as b')
      .innerJoin('rooms as r', 'r.id', 'b.room_id')
      .innerJoin('areas as f', 'f.id', 'r.floor_id')
      .innerJoin('areas as a', 'a.id', 'f.parent_id')
      .leftJoin('residents as res', 'res.bed_id', 'b.id')
      .where('b.provider_id', '=', providerId);
    if (filter.areaId) {
      const areaId = filter.areaId;
      query = query.where((eb) => eb.or([eb('f.id', '=', areaId), eb('a.id', '=', areaId)]));
    }
    if (filter.roomId) query = query.where('r.id', '=', filter.roomId);
    if (filter.roomName) query = query.where('r.name_key', '=', filter.roomName.toLowerCase());
    if (filter.occupied === true) query = query.where('res.id', 'is not', null);
    if (filter.occupied === false) query = query.where('res.id', 'is', null);
    if (filter.keyWord) {
      const keyWord = filter.keyWord;
      query = query.where((eb) => eb.or([containsText(eb.ref('b.name_key'), keyWord), containsText(eb.ref('r.name_key'), keyWord), containsText(eb.ref('res.name_key'), keyWord)]));
    }
    return query;
  }

  function withColumns(query: ReturnType<typeof bedList>) {
    return query
      .selectAll('b')
      .select([
        'r.name as room_name',
        'f.id as floor_id',
        'f.name as floor_name',
        'a.id as building_id',
        'a.name as building_name',
        'res.id as resident_id',
        'res.name as resident_name',
      ])
      .orderBy('a.name_key')
      .orderBy('f.name_key')
      .orderBy('r.name_key')
      .orderBy('b.name_key')
      .orderBy('b.id');
  }

  return {
    async findBed(id: number): Promise<BedRow | undefined> {
      return db.selectFrom('beds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findBedListRow(providerId: number, id: number): Promise<BedListRow | undefined> {
      return withColumns(bedList(providerId, {}).where('b.id', '=', id)).executeTakeFirst();
    },

    /** Beds with their path and resident; paged when asked. */
    /** The devices bound to a bed of the provider, in the order they were added. */
    async devicesOnBeds(providerId: number): Promise<{ bed_id: number; device_id: string; device_type: number }[]> {
      const rows = await db
        .selectFrom('devices')
        .select(['bed_id', 'device_id', 'device_type'])
        .where('provider_id', '=', providerId)
        .where('bed_id', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.flatMap((row) => (row.bed_id === null ? [] : [{ bed_id: row.bed_id, device_id: row.device_id, device_type: row.device_type }]));
    },

    async listBeds(providerId: number, filter: BedFilter, page?: { pageNum: number; pageSize: number }): Promise<{ rows: BedListRow[]; total: number }> {
      if (!page) {
        const rows = await withColumns(bedList(providerId, filter)).execute();
        return { rows, total: rows.length };
      }
      const total = await bedList(providerId, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await withColumns(bedList(providerId, filter)).limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize).execute();
      return { rows, total: Number(total.n) };
    },

    async bedNamesInRoom(roomId: number): Promise<Set<string>> {
      const rows = await db.selectFrom('beds').select('name_key').where('room_id', '=', roomId).execute();
      return new Set(rows.map((row) => row.name_key));
    },

    async findBedByName(roomId: number, nameKey: string): Promise<BedRow | undefined> {
      return db.selectFrom('beds').selectAll().where('room_id', '=', roomId).where('name_key', '=', nameKey).executeTakeFirst();
    },

    async insertBed(bed: { providerId: number; roomId: number; name: string; deviceCode: string | null; now: number }): Promise<number> {
      const row = await db
        .insertInto('beds')
        .values({
          provider_id: bed.providerId,
          room_id: bed.roomId,
          name: bed.name,
          name_key: bed.name.toLowerCase(),
          device_code: bed.deviceCode,
          created_at: bed.now,
          updated_at: bed.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateBed(id: number, bed: { name: string; deviceCode: string | null }, now: number): Promise<void> {
      await db
        .updateTable('beds')
        .set({ name: bed.name, name_key: bed.name.toLowerCase(), device_code: bed.deviceCode, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async deleteBed(id: number): Promise<void> {
      // A device bound to the bed keeps the bed's room in room_id; it is unbound with the bed (docs/devices.md).
      await db.updateTable('devices').set({ room_id: null }).where('bed_id', '=', id).execute();
      await db.deleteFrom('beds').where('id', '=', id).execute();
    },

    /** Total, occupied (a resident links it) and with-device counts of a provider's beds. */
    async summary(providerId: number): Promise<{ total: number; occupied: number; withDevice: number }> {
      const row = await db
        .selectFrom('beds as b')
        .leftJoin('residents as res', 'res.bed_id', 'b.id')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('res.id').as('occupied'),
          eb.fn.count<number>('b.device_code').as('with_device'),
        ])
        .where('b.provider_id', '=', providerId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), occupied: Number(row.occupied), withDevice: Number(row.with_device) };
    },

    /** How many of each address level and residents a provider has. */
    async levelCounts(providerId: number): Promise<{ areas: number; floors: number; rooms: number; beds: number; residents: number }> {
      const count = (table: 'rooms' | 'beds' | 'residents') =>
        db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('provider_id', '=', providerId).executeTakeFirstOrThrow();
      const levels = await db
        .selectFrom('areas')
        .select(['level', sql<number>`count(*)`.as('n')])
        .where('provider_id', '=', providerId)
        .groupBy('level')
        .execute();
      const [rooms, beds, residents] = await Promise.all([count('rooms'), count('beds'), count('residents')]);
      return {
        areas: Number(levels.find((row) => Number(row.level) === 1)?.n ?? 0),
        floors: Number(levels.find((row) => Number(row.level) === 2)?.n ?? 0),
        rooms: Number(rooms.n),
        beds: Number(beds.n),
        residents: Number(residents.n),
      };
    },
  };
}
export type BedRepository = ReturnType<typeof bedRepository>;
