import { MEDICAL_CONDITIONS, type ResidentState } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import { accountRepository } from '../modules/accounts/account.repository.ts';
import { areaRepository } from '../modules/addresses/area.repository.ts';
import { bedRepository } from '../modules/addresses/bed.repository.ts';
import { caregiverRepository } from '../modules/caregivers/caregiver.repository.ts';
import { contactRepository } from '../modules/residents/contact.repository.ts';
import { relativeAccounts } from '../modules/residents/relatives.ts';
import { residentRepository } from '../modules/residents/resident.repository.ts';

/** A small deterministic PRNG (mulberry32), so every demo database holds the same people. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
type Random = ReturnType<typeof random>;

const FAMILY = ['Thompson', 'Okafor', 'Nakamura', 'Müller', 'Rossi', 'Novák', 'Kim', 'Wang', 'Patel', 'García', 'O\'Brien', 'Lindqvist', 'Dubois', 'Kowalski', 'Evans', 'Haddad'];
const GIVEN_F = ['Margaret', 'Dorothy', 'Aiko', 'Ingrid', 'Giulia', 'Jana', 'Min-seo', 'Mei', 'Priya', 'Carmen', 'Maureen', 'Astrid', 'Colette', 'Halina', 'Gwen', 'Leila'];
const GIVEN_M = ['Arthur', 'Chidi', 'Hiroshi', 'Klaus', 'Giorgio', 'Pavel', 'Joon-ho', 'Jun', 'Rajesh', 'Luis', 'Seamus', 'Nils', 'Henri', 'Tadeusz', 'Owen', 'Karim'];
const CJK = ['王秀英', '李建国', '张桂兰', '刘德明', '陈淑珍', '佐藤花子', '鈴木一郎', '김영자', '박철수', '赵玉梅'];
const CONTACT_GIVEN = ['Sarah', 'David', 'Emma', 'Tom', 'Yuki', 'Lena', 'Marco', 'Petra', 'Ji-woo', 'Li', 'Anil', 'Sofia'];
const JOBS = ['Registered nurse', 'Care assistant', 'Senior carer', 'Night carer', 'Physiotherapy aide'];

interface HomePlan {
  providerName: string;
  buildings: readonly string[];
  floors: number;
  roomsPerFloor: number;
  bedsPerRoom: number;
  residents: number;
  caregivers: number;
  seed: number;
  phonePrefix: string;
}

/** Riverside is the demo care home of the issue (2 buildings, 3 floors each, 60 rooms, 120 beds); Hillside gets a few. */
const HOMES: readonly HomePlan[] = [
  { providerName: 'Sunrise Riverside Home', buildings: ['North Building', 'South Building'], floors: 3, roomsPerFloor: 10, bedsPerRoom: 2, residents: 92, caregivers: 18, seed: 2026, phonePrefix: '+44770090' },
  { providerName: 'Sunrise Hillside Home', buildings: ['Hillside House'], floors: 1, roomsPerFloor: 4, bedsPerRoom: 2, residents: 8, caregivers: 2, seed: 7, phonePrefix: '+44770091' },
];

function personName(rng: Random, female: boolean): string {
  if (rng.next() < 0.12) return rng.pick(CJK);
  return `${rng.pick(female ? GIVEN_F : GIVEN_M)} ${rng.pick(FAMILY)}`;
}

function stateFor(index: number): ResidentState {
  if (index % 23 === 5) return 'deregistered';
  if (index % 11 === 3) return 'checkedOut';
  if (index % 9 === 7) return 'notAdmitted';
  return 'admitted';
}

async function seedHome(db: Db, plan: HomePlan, providerId: number, passwordHash: string, now: number): Promise<void> {
  const rng = random(plan.seed);
  await db.transaction().execute(async (trx) => {
    const areas = areaRepository(trx);
    const beds = bedRepository(trx);
    const bedIds: number[] = [];
    for (const building of plan.buildings) {
      const buildingId = await areas.insertArea({ providerId, parentId: null, name: building, now });
      for (let floor = 1; floor <= plan.floors; floor++) {
        const floorId = await areas.insertArea({ providerId, parentId: buildingId, name: `${floor}F`, now });
        for (let room = 1; room <= plan.roomsPerFloor; room++) {
          const roomId = await areas.insertRoom({ providerId, floorId, name: `${building[0]}${floor}${String(room).padStart(2, '0')}`, now });
          for (let bed = 0; bed < plan.bedsPerRoom; bed++) {
            const withDevice = rng.next() < 0.6;
            const deviceCode = withDevice ? `BM8701-${plan.seed}${String(bedIds.length + 1).padStart(4, '0')}` : null;
            bedIds.push(await beds.insertBed({ providerId, roomId, name: String.fromCharCode(65 + bed), deviceCode, now }));
          }
        }
      }
    }

    const accounts = accountRepository(trx);
    const caregivers = caregiverRepository(trx);
    const caregiverIds: number[] = [];
    for (let index = 0; index < plan.caregivers; index++) {
      const female = rng.next() < 0.7;
      const name = personName(rng, female);
      const phone = `${plan.phonePrefix}${String(500 + index).padStart(3, '0')}`;
      const accountId = await accounts.insert({ userName: phone.replace(/\D/g, ''), passwordHash, role: 'NURSING', nickName: name, dataPermission: null, providerId, isProviderLogin: false, now });
      caregiverIds.push(await caregivers.insert({ providerId, accountId, name, phone, job: rng.pick(JOBS), idNumber: `ID${plan.seed}${index}`, relation: '', grade: index % 4 === 0 ? 'senior' : 'general', now }));
    }

    const residents = residentRepository(trx);
    const contacts = contactRepository(trx);
    const relatives = relativeAccounts({ accounts, contacts }, now);
    for (let index = 0; index < plan.residents; index++) {
      const female = rng.next() < 0.62;
      const name = personName(rng, female);
      const state = stateFor(index);
      const checkInAt = state === 'notAdmitted' ? null : now - rng.int(30, 900) * 86_400_000;
      const history = MEDICAL_CONDITIONS.filter(() => rng.next() < 0.22);
      const id = await residents.insert({
        provider_id: providerId,
        name,
        name_key: name.toLowerCase(),
        gender: female ? 0 : 1,
        birth_date: `${rng.int(1928, 1952)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        height_cm: rng.int(female ? 145 : 158, female ? 172 : 188),
        weight_kg: rng.int(42, 92),
        medical_history: history.join(','),
        remark: index % 7 === 0 ? 'Needs a walking frame at night.' : '',
        care_level: rng.int(1, 5),
        attention: rng.next() < 0.1 ? 1 : 0,
        state,
        check_in_at: checkInAt,
        check_out_at: state === 'checkedOut' && checkInAt ? checkInAt + 20 * 86_400_000 : null,
        deregistered_at: state === 'deregistered' ? now - 5 * 86_400_000 : null,
        bed_id: state === 'deregistered' ? null : (bedIds[index] ?? null),
        created_at: now - (plan.residents - index) * 60_000,
        updated_at: now,
      });
      const family = name.includes(' ') ? name.split(' ').slice(-1)[0] : '';
      const count = rng.int(1, 2);
      const list = [];
      for (let c = 0; c < count; c++) {
        const phone = `${plan.phonePrefix}${String(index * 2 + c).padStart(3, '0')}`;
        const contactName = family ? `${rng.pick(CONTACT_GIVEN)} ${family}` : `${rng.pick(CONTACT_GIVEN)} (${name})`;
        const relation = c === 0 ? 'children' : rng.pick(['friend', 'others'] as const);
        list.push({ name: contactName, phone, relation, accountId: await relatives.accountFor(providerId, phone, contactName) });
      }
      await contacts.replace(providerId, id, list);
      const carers = new Set([caregiverIds[index % caregiverIds.length], rng.pick(caregiverIds)]);
      await residents.replaceCaregivers(providerId, id, [...carers]);
    }
  });
}

/**
 * Grows the demo into a believable care home (docs/care-data.md). Idempotent: a
 * provider that already has any area is left as it is.
 */
export async function seedCare(db: Db, passwordHash: string, now: number): Promise<void> {
  for (const plan of HOMES) {
    const provider = await db.selectFrom('providers').select('id').where('name_key', '=', plan.providerName.toLowerCase()).executeTakeFirst();
    if (!provider) continue;
    const existing = await db.selectFrom('areas').select('id').where('provider_id', '=', provider.id).executeTakeFirst();
    if (existing) continue;
    await seedHome(db, plan, provider.id, passwordHash, now);
  }
}
