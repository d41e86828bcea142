import type { Insertable, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { ResidentsTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

export type ResidentRow = Selectable<ResidentsTable>;
export type ResidentListRow = ResidentRow & {
  bed_name: string | null;
  room_name: string | null;
  floor_name: string | null;
  building_name: string | null;
};
export type ResidentValues = Omit<Insertable<ResidentsTable>, 'id'>;

export interface ResidentFilter {
  keyWord?: string;
  areaId?: number | null;
  state?: string | null;
  attention?: boolean | null;
}

/** SQL for residents, their place and their caregiver links. */
export function residentRepository(db: Db) {
  function filtered(providerId: number, filter: ResidentFilter) {
    let query = db
      .selectFrom('residents as r')
      .leftJoin('beds as b', 'b.id', 'r.bed_id')
      .leftJoin('rooms as rm', 'rm.id', 'b.room_id')
      .leftJoin('areas as f', 'f.id', 'rm.floor_id')
      .leftJoin('areas as a', 'a.id', 'f.parent_id')
      .where('r.provider_id', '=', providerId);
    if (filter.state) query = query.where('r.state', '=', filter.state);
    if (filter.attention !== undefined && filter.attention !== null) query = query.where('r.attention', '=', filter.attention ? 1 : 0);
    if (filter.areaId) {
      const areaId = filter.areaId;
      query = query.where((eb) => eb.or([eb('f.id', '=', areaId), eb('a.id', '=', areaId)]));
    }
    if (filter.keyWord) {
      const keyWord = filter.keyWord;
      query = query.where((eb) => eb.or([containsText(eb.ref('r.name_key'), keyWord), containsText(eb.ref('b.name_key'), keyWord), containsText(eb.ref('rm.name_key'), keyWord)]));
    }
    return query;
  }

  function withColumns(query: ReturnType<typeof filtered>) {
    return query.selectAll('r').select(['b.name as bed_name', 'rm.name as room_name', 'f.name as floor_name', 'a.name as building_name']);
  }

  // The detail's and the list page's reads, built once (compiledOnce): building the joins cost more than running them.
  const listRowById = compiledOnce(db, (p: { providerId: number; id: number }) => withColumns(filtered(p.providerId, {})).where('r.id', '=', p.id));
  const listRowsByIds = compiledOnce(db, (p: { providerId: number; ids: number[] }) => withColumns(filtered(p.providerId, {})).where('r.id', 'in', p.ids).orderBy('r.id', 'desc'));
  const caregiversOfIds = compiledOnce(db, (p: { ids: number[] }) =>
    db
      .selectFrom('resident_caregivers as rc')
      .innerJoin('caregivers as c', 'c.id', 'rc.caregiver_id')
      .select(['rc.resident_id', 'c.id', 'c.name'])
      .where('rc.resident_id', 'in', p.ids)
      .orderBy('c.name'),
  );

  return {
    async findById(id: number): Promise<ResidentRow | undefined> {
      return db.selectFrom('residents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findListRow(providerId: number, id: number): Promise<ResidentListRow | undefined> {
      return (await listRowById({ providerId, id }))[0];
    },

    /**
     * Newest first. The count and the page's ids come from the residents table alone
     * unless an area or keyword filter needs the place joins; only the page's rows are
     * joined to their places, so deep pages stay cheap.
     */
    async page(providerId: number, filter: ResidentFilter, pageNum: number, pageSize: number): Promise<{ rows: ResidentListRow[]; total: number }> {
      const needsPlace = Boolean(filter.areaId || filter.keyWord);
      let plain = db.selectFrom('residents as r').where('r.provider_id', '=', providerId);
      if (filter.state) plain = plain.where('r.state', '=', filter.state);
      if (filter.attention !== undefined && filter.attention !== null) plain = plain.where('r.attention', '=', filter.attention ? 1 : 0);
      const source = needsPlace ? filtered(providerId, filter) : plain;
      const totalRow = await source.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const ids = (await source.select('r.id').orderBy('r.id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()).map((row) => row.id);
      const rows = ids.length ? await listRowsByIds({ providerId, ids }) : [];
      return { rows, total: Number(totalRow.n) };
    },

    async all(providerId: number, filter: ResidentFilter): Promise<ResidentListRow[]> {
      return withColumns(filtered(providerId, filter)).orderBy('r.id', 'desc').execute();
    },

    async stateCounts(providerId: number): Promise<{ state: string; attention: number; n: number }[]> {
      const rows = await db
        .selectFrom('residents')
        .select(['state', 'attention', (eb) => eb.fn.countAll<number>().as('n')])
        .where('provider_id', '=', providerId)
        .groupBy(['state', 'attention'])
        .execute();
      return rows.map((row) => ({ state: row.state, attention: Number(row.attention), n: Number(row.n) }));
    },

    async findOtherWithName(providerId: number, nameKey: string, exceptId: number | null): Promise<ResidentRow | undefined> {
      let query = db.selectFrom('residents').selectAll().where('provider_id', '=', providerId).where('name_key', '=', nameKey);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },

    async findByBed(bedId: number): Promise<ResidentRow | undefined> {
      return db.selectFrom('residents').selectAll().where('bed_id', '=', bedId).executeTakeFirst();
    },

    async insert(values: ResidentValues): Promise<number> {
      const row = await db.insertInto('residents').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Partial<ResidentValues>): Promise<void> {
      await db.updateTable('residents').set(values).where('id', '=', id).execute();
    },

    async clearBed(bedId: number, now: number): Promise<void> {
      await db.updateTable('residents').set({ bed_id: null, updated_at: now }).where('bed_id', '=', bedId).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('resident_caregivers').where('resident_id', '=', id).execute();
      await db.deleteFrom('resident_contacts').where('resident_id', '=', id).execute();
      await db.deleteFrom('residents').where('id', '=', id).execute();
    },

    async caregiversOf(residentIds: readonly number[]): Promise<{ resident_id: number; id: number; name: string }[]> {
      if (residentIds.length === 0) return [];
      return caregiversOfIds({ ids: [...residentIds] });
    },

    async replaceCaregivers(providerId: number, residentId: number, caregiverIds: readonly number[]): Promise<void> {
      await db.deleteFrom('resident_caregivers').where('resident_id', '=', residentId).execute();
      if (caregiverIds.length === 0) return;
      await db
        .insertInto('resident_caregivers')
        .values(caregiverIds.map((caregiverId) => ({ resident_id: residentId, caregiver_id: caregiverId, provider_id: providerId })))
        .execute();
    },

    /** The given caregiver ids that belong to the provider. */
    async ownedCaregiverIds(providerId: number, caregiverIds: readonly number[]): Promise<number[]> {
      if (caregiverIds.length === 0) return [];
      const rows = await db.selectFrom('caregivers').select('id').where('provider_id', '=', providerId).where('id', 'in', [...caregiverIds]).execute();
      return rows.map((row) => row.id);
    },

    /** How many residents each caregiver has, not counting one resident (the one being saved). */
    async residentCounts(caregiverIds: readonly number[], exceptResidentId: number | null): Promise<Map<number, number>> {
      if (caregiverIds.length === 0) return new Map();
      let query = db
        .selectFrom('resident_caregivers')
        .select(['caregiver_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('caregiver_id', 'in', [...caregiverIds]);
      if (exceptResidentId !== null) query = query.where('resident_id', '!=', exceptResidentId);
      const rows = await query.groupBy('caregiver_id').execute();
      return new Map(rows.map((row) => [row.caregiver_id, Number(row.n)]));
    },
  };
}
export type ResidentRepository = ReturnType<typeof residentRepository>;
