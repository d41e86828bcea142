import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AreasTable, RoomsTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

export type AreaRow = Selectable<AreasTable>;
export type AreaListRow = AreaRow & { parent_name: string | null; floor_count: number; room_count: number; bed_count: number };
export type RoomRow = Selectable<RoomsTable>;
export type RoomListRow = RoomRow & { floor_name: string; building_id: number; building_name: string; bed_count: number };

/** SQL for areas (level 1), floors (level 2) and rooms. */
export function areaRepository(db: Db) {
  function areaList(providerId: number) {
    return db
      .selectFrom('areas as a')
      .leftJoin('areas as parent', 'parent.id', 'a.parent_id')
      .selectAll('a')
      .select('parent.name as parent_name')
      .select((eb) => [
        eb.selectFrom('areas as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.parent_id', '=', 'a.id').as('floor_count'),
        eb
          .selectFrom('rooms as r')
          .innerJoin('areas as f', 'f.id', 'r.floor_id')
          .select(eb.fn.countAll<number>().as('n'))
          .where((w) => w.or([w('f.id', '=', w.ref('a.id')), w('f.parent_id', '=', w.ref('a.id'))]))
          .as('room_count'),
        eb
          .selectFrom('beds as b')
          .innerJoin('rooms as r', 'r.id', 'b.room_id')
          .innerJoin('areas as f', 'f.id', 'r.floor_id')
          .select(eb.fn.countAll<number>().as('n'))
          .where((w) => w.or([w('f.id', '=', w.ref('a.id')), w('f.parent_id', '=', w.ref('a.id'))]))
          .as('bed_count'),
      ])
      .where('a.provider_id', '=', providerId);
  }

  function roomList(providerId: number) {
    return db
      .selectFrom('rooms as r')
      .innerJoin('areas as f', 'f.id', 'r.floor_id')
      .innerJoin('areas as a', 'a.id', 'f.parent_id')
      .selectAll('r')
      .select(['f.name as floor_name', 'a.id as building_id', 'a.name as building_name'])
      .select((eb) => eb.selectFrom('beds as b').select(eb.fn.countAll<number>().as('n')).whereRef('b.room_id', '=', 'r.id').as('bed_count'))
      .where('r.provider_id', '=', providerId);
  }

  // Counts come back as text or bigint on PostgreSQL; the API wants numbers.
  const counted = <T extends { floor_count: unknown; room_count: unknown; bed_count: unknown }>(row: T) => ({
    ...row,
    floor_count: Number(row.floor_count ?? 0),
    room_count: Number(row.room_count ?? 0),
    bed_count: Number(row.bed_count ?? 0),
  });
  const roomCounted = <T extends { bed_count: unknown }>(row: T) => ({ ...row, bed_count: Number(row.bed_count ?? 0) });

  return {
    async findArea(id: number): Promise<AreaRow | undefined> {
      return db.selectFrom('areas').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listAreas(providerId: number, filter: { parentId?: number | null; level?: 1 | 2 } = {}): Promise<AreaListRow[]> {
      let query = areaList(providerId);
      if (filter.parentId) query = query.where('a.parent_id', '=', filter.parentId);
      if (filter.level) query = query.where('a.level', '=', filter.level);
      const rows = await query.orderBy('a.level').orderBy('a.name_key').orderBy('a.id').execute();
      return rows.map(counted);
    },

    async findAreaByName(providerId: number, parentKey: number, nameKey: string): Promise<AreaRow | undefined> {
      return db
        .selectFrom('areas')
        .selectAll()
        .where('provider_id', '=', providerId)
        .where('parent_key', '=', parentKey)
        .where('name_key', '=', nameKey)
        .executeTakeFirst();
    },

    async insertArea(area: { providerId: number; parentId: number | null; name: string; now: number }): Promise<number> {
      const row = await db
        .insertInto('areas')
        .values({
          provider_id: area.providerId,
          parent_id: area.parentId,
          parent_key: area.parentId ?? 0,
          level: area.parentId === null ? 1 : 2,
          name: area.name,
          name_key: area.name.toLowerCase(),
          created_at: area.now,
          updated_at: area.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async renameArea(id: number, name: string, now: number): Promise<void> {
      await db.updateTable('areas').set({ name, name_key: name.toLowerCase(), updated_at: now }).where('id', '=', id).execute();
    },

    async deleteArea(id: number): Promise<void> {
      await db.deleteFrom('care_configs').where('area_id', '=', id).execute();
      await db.deleteFrom('areas').where('id', '=', id).execute();
    },

    async countFloors(areaId: number): Promise<number> {
      const row = await db.selectFrom('areas').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', areaId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countRooms(floorId: number): Promise<number> {
      const row = await db.selectFrom('rooms').select((eb) => eb.fn.countAll<number>().as('n')).where('floor_id', '=', floorId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findRoom(id: number): Promise<RoomRow | undefined> {
      return db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Rooms of the provider, optionally of one area or floor, with a name filter and paging. */
    async listRooms(
      providerId: number,
      filter: { areaId?: number | null; keyWord?: string; roomName?: string },
      page?: { pageNum: number; pageSize: number },
    ): Promise<{ rows: RoomListRow[]; total: number }> {
      let query = roomList(providerId);
      if (filter.areaId) {
        const areaId = filter.areaId;
        query = query.where((eb) => eb.or([eb('f.id', '=', areaId), eb('a.id', '=', areaId)]));
      }
      const keyWord = filter.keyWord;
      if (keyWord) query = query.where((eb) => containsText(eb.ref('r.name_key'), keyWord));
      if (filter.roomName) query = query.where('r.name_key', '=', filter.roomName.toLowerCase());
      const ordered = query.orderBy('a.name_key').orderBy('f.name_key').orderBy('r.name_key').orderBy('r.id');
      if (!page) {
        const rows = (await ordered.execute()).map(roomCounted);
        return { rows, total: rows.length };
      }
      const total = await db
        .selectFrom(query.as('q'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await ordered.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize).execute();
      return { rows: rows.map(roomCounted), total: Number(total.n) };
    },

    async roomNamesOnFloor(floorId: number): Promise<Set<string>> {
      const rows = await db.selectFrom('rooms').select('name_key').where('floor_id', '=', floorId).execute();
      return new Set(rows.map((row) => row.name_key));
    },

    async insertRoom(room: { providerId: number; floorId: number; name: string; now: number }): Promise<number> {
      const row = await db
        .insertInto('rooms')
        .values({ provider_id: room.providerId, floor_id: room.floorId, name: room.name, name_key: room.name.toLowerCase(), created_at: room.now, updated_at: room.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async renameRoom(id: number, name: string, now: number): Promise<void> {
      await db.updateTable('rooms').set({ name, name_key: name.toLowerCase(), updated_at: now }).where('id', '=', id).execute();
    },

    async deleteRoom(id: number): Promise<void> {
      await db.deleteFrom('rooms').where('id', '=', id).execute();
    },

    async countBeds(roomId: number): Promise<number> {
      const row = await db.selectFrom('beds').select((eb) => eb.fn.countAll<number>().as('n')).where('room_id', '=', roomId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type AreaRepository = ReturnType<typeof areaRepository>;
