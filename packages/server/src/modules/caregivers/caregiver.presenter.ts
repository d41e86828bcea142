import { CAREGIVER_GRADES, type Caregiver } from '@vigil/contracts';
import type { CaregiverListRow } from './caregiver.repository.ts';

/** Maps a caregiver row and its residents to the API shape. */
export function presentCaregiver(row: CaregiverListRow, residents: readonly { id: number; name: string }[]): Caregiver {
  return {
    id: row.id,
    accountId: row.account_id,
    userName: row.user_name,
    name: row.name,
    phone: row.phone,
    job: row.job,
    idNumber: row.id_number,
    relation: row.relation,
    grade: CAREGIVER_GRADES.find((grade) => grade === row.grade) ?? 'general',
    enabled: row.enabled === 1,
    residents: residents.map((resident) => ({ id: resident.id, name: resident.name })),
    createdAt: row.created_at,
  };
}
