import dayjs, { type Dayjs } from 'dayjs';
import type { InputOf, insertUser, Resident } from '@vigil/contracts';
import type { ContactRelation, Gender, MedicalCondition } from './residentLabels.ts';

/** One emergency contact row of the form; `id` marks a saved one (its relative account can be reset). */
export interface ContactFormValues {
  id?: number;
  name: string;
  phone: string;
  relation?: ContactRelation;
}

/** The register/edit form's values, as antd's inputs hold them. */
export interface ResidentFormValues {
  name: string;
  gender?: Gender;
  birthDate: Dayjs | null;
  height: number | null;
  weight: number | null;
  medicalHistory: MedicalCondition[];
  remark: string;
  contacts: ContactFormValues[];
  careLevel: number | null;
  attention: boolean;
  /** Cascader path "area:1", "floor:3", "room:7", "bed:12"; empty for no bed. */
  bed: string[];
  caregiverIds: number[];
}

export type ResidentInputBody = Omit<InputOf<typeof insertUser>, 'confirmBunk' | 'confirmSameName'>;

/** A blank registration form. */
export const EMPTY_RESIDENT_FORM: ResidentFormValues = {
  name: '',
  birthDate: null,
  height: null,
  weight: null,
  medicalHistory: [],
  remark: '',
  contacts: [],
  careLevel: null,
  attention: false,
  bed: [],
  caregiverIds: [],
};

/** Birth date as the contract writes it, or '' when not picked. */
export function birthDateText(value: unknown): string {
  return dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : '';
}

/** Whole years from the birth date to today (the resident's age), or null before a date is picked. */
export function ageOn(birthDate: Dayjs | null, today: Dayjs = dayjs()): number | null {
  if (!birthDate) return null;
  return Math.max(0, today.diff(birthDate, 'year'));
}

/** The bed id at the end of a cascader path, or null. */
export function bedIdOf(path: readonly string[]): number | null {
  const last = path.at(-1);
  return last?.startsWith('bed:') ? Number(last.slice(4)) : null;
}

/** The form's values for a saved resident; `bedPath` finds the cascader path of its bed. */
export function residentToForm(resident: Resident, bedPath: (bedId: number) => string[]): ResidentFormValues {
  return {
    name: resident.name,
    gender: resident.gender,
    birthDate: resident.birthDate ? dayjs(resident.birthDate) : null,
    height: resident.height,
    weight: resident.weight,
    medicalHistory: [...resident.medicalHistory],
    remark: resident.remark,
    contacts: resident.contacts.map((contact) => ({ id: contact.id, name: contact.name, phone: contact.phone, relation: contact.relation })),
    careLevel: resident.careLevel,
    attention: resident.attention,
    bed: resident.bunkId === null ? [] : bedPath(resident.bunkId),
    caregiverIds: resident.caregivers.map((caregiver) => caregiver.id),
  };
}

/**
 * The call body for the form's values (the schema on the server checks it again). Gender and
 * relation are required fields of the form, so their fallbacks only satisfy the types.
 */
export function formToInput(values: ResidentFormValues): ResidentInputBody {
  return {
    name: values.name.trim(),
    gender: values.gender ?? 'male',
    birthDate: birthDateText(values.birthDate),
    height: values.height,
    weight: values.weight,
    medicalHistory: values.medicalHistory,
    remark: values.remark.trim(),
    contacts: values.contacts.map((contact) => ({ name: contact.name.trim(), phone: contact.phone.trim(), relation: contact.relation ?? 'others' })),
    careLevel: values.careLevel,
    attention: values.attention,
    bunkId: bedIdOf(values.bed),
    caregiverIds: values.caregiverIds,
  };
}
