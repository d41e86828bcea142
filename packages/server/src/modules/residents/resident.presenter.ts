import {
  ABSENCE_REASONS,
  CONTACT_RELATIONS,
  MEDICAL_CONDITIONS,
  RESIDENT_STATES,
  type Resident,
  type ResidentAbsence,
  type ResidentState,
} from '@vigil/contracts';
import type { ContactWithAccount } from './contact.repository.ts';
import type { ResidentListRow, ResidentRow } from './resident.repository.ts';

/** Whole years from a YYYY-MM-DD birth date to a moment (UTC calendar). */
export function ageAt(birthDate: string, time: number): number {
  const [year, month, day] = birthDate.split('-').map(Number);
  const today = new Date(time);
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age -= 1;
  return Math.max(0, age);
}

/** The stored state text as the API enum (unknown text reads as not admitted). */
export function stateOf(row: Pick<ResidentRow, 'state'>): ResidentState {
  return RESIDENT_STATES.find((state) => state === row.state) ?? 'notAdmitted';
}

/**
 * The temporary absence in force at a moment, or null: none recorded, the planned return has
 * passed (the absence ends by itself, so bed alarms resume), or the resident is no longer checked in.
 */
export function absenceOf(
  row: Pick<ResidentRow, 'state' | 'away_since' | 'away_until' | 'away_reason' | 'away_remark'>,
  now: number,
): ResidentAbsence | null {
  if (row.away_since === null || row.state !== 'admitted') return null;
  const until = row.away_until === null ? null : Number(row.away_until);
  if (until !== null && until <= now) return null;
  return {
    since: Number(row.away_since),
    until,
    reason: ABSENCE_REASONS.find((reason) => reason === row.away_reason) ?? 'other',
    remark: row.away_remark ?? '',
  };
}

function medicalHistoryOf(text: string) {
  const codes = text.split(',');
  return MEDICAL_CONDITIONS.filter((code) => codes.includes(code));
}

/** Maps a resident row, its contacts and caregivers to the API shape. */
export function presentResident(
  row: ResidentListRow,
  contacts: readonly ContactWithAccount[],
  caregivers: readonly { id: number; name: string }[],
  now: number,
): Resident {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender === 1 ? 'male' : 'female',
    birthDate: row.birth_date,
    age: ageAt(row.birth_date, now),
    height: row.height_cm,
    weight: row.weight_kg,
    medicalHistory: medicalHistoryOf(row.medical_history),
    remark: row.remark,
    contacts: contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      phone: contact.phone,
      relation: CONTACT_RELATIONS.find((relation) => relation === contact.relation) ?? 'others',
      accountId: contact.account_id,
      userName: contact.user_name,
    })),
    careLevel: row.care_level,
    attention: row.attention === 1,
    state: stateOf(row),
    checkInAt: row.check_in_at,
    checkOutAt: row.check_out_at,
    deregisteredAt: row.deregistered_at,
    bunkId: row.bed_id,
    away: absenceOf(row, now),
    bunkName: row.bed_name,
    roomName: row.room_name,
    floorName: row.floor_name,
    buildingName: row.building_name,
    caregivers: caregivers.map((caregiver) => ({ id: caregiver.id, name: caregiver.name })),
    createdAt: row.created_at,
  };
}

/** Maps a resident row to its state record (the answer of /user/getUserCheckIn). */
export function presentResidentState(row: ResidentRow) {
  return {
    id: row.id,
    state: stateOf(row),
    checkInAt: row.check_in_at,
    checkOutAt: row.check_out_at,
    deregisteredAt: row.deregistered_at,
    bunkId: row.bed_id,
  };
}
