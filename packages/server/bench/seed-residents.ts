/** Bench data: 10,000 residents with beds, rooms, floors and one contact each, in one provider. */
import type { Db } from '../src/db/database.ts';

export const RESIDENTS = 10_000;

/** Seeds RESIDENTS residents (25 floors × 100 rooms × 4 beds) into a provider, in one transaction. */
export async function seedResidents(db: Db, providerId: number): Promise<void> {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const building = await trx.insertInto('areas').values({ provider_id: providerId, parent_id: null, parent_key: 0, level: 1, name: 'Bench Tower', name_key: 'bench tower', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    for (let floor = 0; floor < 25; floor++) {
      const floorRow = await trx.insertInto('areas').values({ provider_id: providerId, parent_id: building.id, parent_key: building.id, level: 2, name: `B${floor}`, name_key: `b${floor}`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      for (let room = 0; room < 100; room++) {
        const roomRow = await trx.insertInto('rooms').values({ provider_id: providerId, floor_id: floorRow.id, name: `R${floor}-${room}`, name_key: `r${floor}-${room}`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
        const beds = await trx.insertInto('beds').values(['A', 'B', 'C', 'D'].map((name) => ({ provider_id: providerId, room_id: roomRow.id, name, name_key: name.toLowerCase(), device_code: null, created_at: now, updated_at: now }))).returning('id').execute();
        const base = (floor * 100 + room) * 4;
        const residents = await trx.insertInto('residents').values(beds.map((bed, index) => {
          const n = base + index;
          return {
            provider_id: providerId, name: `Bench Resident ${n}`, name_key: `bench resident ${n}`, gender: n % 2 === 0 ? 1 : 0, birth_date: '1940-01-01',
            height_cm: 165, weight_kg: 60, medical_history: 'hypertension', remark: '', care_level: 2, attention: n % 10 === 0 ? 1 : 0,
            state: n % 5 === 0 ? 'checkedOut' : 'admitted', check_in_at: now, check_out_at: null, deregistered_at: null,
            bed_id: n < RESIDENTS ? bed.id : null, created_at: now, updated_at: now,
          };
        })).returning('id').execute();
        await trx.insertInto('resident_contacts').values(residents.map((resident, index) => ({ provider_id: providerId, resident_id: resident.id, position: 0, name: 'Family', phone: `+4477${base + index}`, relation: 'children', account_id: null }))).execute();
      }
    }
  });
}
