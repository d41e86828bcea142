import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CaregiversTable, Flag } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { containsPattern, matchesPattern } from '../../db/text-search.ts';

export type CaregiverRow = Selectable<CaregiversTable>;
export type CaregiverListRow = CaregiverRow & { user_name: string; enabled: number };
export interface CaregiverFields {
  name: string;
  phone: string;
  job: string;
  idNumber: string;
  relation: string;
  grade: string;
}

/** The values of the list's reads (unused ones stay at a neutral value; the shape says which apply). */
interface CaregiverPageValues {
  providerId: number;
  grade: string;
  enabled: Flag;
  pattern: string;
}
/** Which of the list's optional filters a page has (what its reads are built for). */
type CaregiverPageShape = { grade: boolean; enabled: boolean; keyWord: boolean };

/** SQL for caregivers, their accounts and their resident links. */
export function caregiverRepository(db: Db) {
  // The list's reads are built once per shape (compiledOnce): the values arrive as parameters.
  function filtered(values: CaregiverPageValues, shape: CaregiverPageShape) {
    let query = db.selectFrom('caregivers as c').innerJoin('accounts as a', 'a.id', 'c.account_id').where('c.provider_id', '=', values.providerId);
    if (shape.grade) query = query.where('c.grade', '=', values.grade);
    if (shape.enabled) query = query.where('a.enabled', '=', values.enabled);
    if (shape.keyWord) {
      const pattern = values.pattern;
      query = query.where((eb) => eb.or([matchesPattern(eb.fn('lower', ['c.name']), pattern), matchesPattern(eb.ref('c.phone'), pattern), matchesPattern(eb.ref('a.user_name_key'), pattern)]));
    }
    return query;
  }
  const pageCount = compiledOnce(db, (values: CaregiverPageValues, shape: CaregiverPageShape) => filtered(values, shape).select((eb) => eb.fn.countAll<number>().as('n')));
  const pageRows = compiledOnce(db, (values: CaregiverPageValues & { limit: number; offset: number }, shape: CaregiverPageShape & { paged: boolean }) => {
    const query = filtered(values, shape).selectAll('c').select(['a.user_name', 'a.enabled']).orderBy('c.id', 'desc');
    return shape.paged ? query.limit(values.limit).offset(values.offset) : query;
  });
  const residentsOfIds = compiledOnce(db, (p: { ids: number[] }) =>
    db.selectFrom('resident_caregivers as rc').innerJoin('residents as r', 'r.id', 'rc.resident_id').select(['rc.caregiver_id', 'r.id', 'r.name']).where('rc.caregiver_id', 'in', p.ids).orderBy('r.name'),
  );

  return {
    async findById(id: number): Promise<CaregiverListRow | undefined> {
      return db
        .selectFrom('caregivers as c')
        .innerJoin('accounts as a', 'a.id', 'c.account_id')
        .selectAll('c')
        .select(['a.user_name', 'a.enabled'])
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    async page(providerId: number, filter: { keyWord?: string; grade?: string | null; enabled?: boolean | null }, page?: { pageNum: number; pageSize: number }) {
      const values: CaregiverPageValues = { providerId, grade: filter.grade ?? '', enabled: filter.enabled ? 1 : 0, pattern: filter.keyWord ? containsPattern(filter.keyWord) : '' };
      const shape: CaregiverPageShape = { grade: Boolean(filter.grade), enabled: filter.enabled !== undefined && filter.enabled !== null, keyWord: Boolean(filter.keyWord) };
      const [total] = await pageCount(values, shape);
      const rows = await pageRows({ ...values, limit: page?.pageSize ?? 0, offset: page ? (page.pageNum - 1) * page.pageSize : 0 }, { ...shape, paged: Boolean(page) });
      return { rows, total: Number(total?.n ?? 0) };
    },

    async insert(caregiver: CaregiverFields & { providerId: number; accountId: number; now: number }): Promise<number> {
      const row = await db
        .insertInto('caregivers')
        .values({
          provider_id: caregiver.providerId,
          account_id: caregiver.accountId,
          name: caregiver.name,
          phone: caregiver.phone,
          job: caregiver.job,
          id_number: caregiver.idNumber,
          relation: caregiver.relation,
          grade: caregiver.grade,
          created_at: caregiver.now,
          updated_at: caregiver.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, fields: CaregiverFields, now: number): Promise<void> {
      await db
        .updateTable('caregivers')
        .set({ name: fields.name, phone: fields.phone, job: fields.job, id_number: fields.idNumber, relation: fields.relation, grade: fields.grade, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('resident_caregivers').where('caregiver_id', '=', id).execute();
      await db.deleteFrom('caregivers').where('id', '=', id).execute();
    },

    async residentsOf(caregiverIds: readonly number[]): Promise<{ caregiver_id: number; id: number; name: string }[]> {
      if (caregiverIds.length === 0) return [];
      return residentsOfIds({ ids: [...caregiverIds] });
    },

    async ownedResidentIds(providerId: number, residentIds: readonly number[]): Promise<number[]> {
      if (residentIds.length === 0) return [];
      const rows = await db.selectFrom('residents').select('id').where('provider_id', '=', providerId).where('id', 'in', [...residentIds]).execute();
      return rows.map((row) => row.id);
    },

    /** How many caregivers each resident has, not counting one caregiver (the one being saved). */
    async caregiverCounts(residentIds: readonly number[], exceptCaregiverId: number | null): Promise<Map<number, number>> {
      if (residentIds.length === 0) return new Map();
      let query = db
        .selectFrom('resident_caregivers')
        .select(['resident_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('resident_id', 'in', [...residentIds]);
      if (exceptCaregiverId !== null) query = query.where('caregiver_id', '!=', exceptCaregiverId);
      const rows = await query.groupBy('resident_id').execute();
      return new Map(rows.map((row) => [row.resident_id, Number(row.n)]));
    },

    async replaceResidents(providerId: number, caregiverId: number, residentIds: readonly number[]): Promise<void> {
      await db.deleteFrom('resident_caregivers').where('caregiver_id', '=', caregiverId).execute();
      if (residentIds.length === 0) return;
      await db
        .insertInto('resident_caregivers')
        .values(residentIds.map((residentId) => ({ resident_id: residentId, caregiver_id: caregiverId, provider_id: providerId })))
        .execute();
    },
  };
}
export type CaregiverRepository = ReturnType<typeof caregiverRepository>;
