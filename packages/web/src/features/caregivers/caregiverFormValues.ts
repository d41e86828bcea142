import type { Caregiver } from '@vigil/contracts';
import type { CaregiverGrade } from './caregiversApi.ts';
import type { PickedResident } from './ResidentPicker.tsx';

/** The add/edit caregiver form's values. */
export interface CaregiverFormValues {
  name: string;
  phone: string;
  /** App or mini-program login; only when adding (blank: the phone's digits). */
  userName: string;
  job: string;
  idNumber: string;
  relation: string;
  grade: CaregiverGrade;
  residents: PickedResident[];
}

/** The fields both insertNursing and operateNursing(update) take. */
export interface CaregiverBody {
  name: string;
  phone: string;
  job: string;
  idNumber: string;
  relation: string;
  grade: CaregiverGrade;
  residentIds: number[];
}

export const EMPTY_CAREGIVER_FORM: CaregiverFormValues = { name: '', phone: '', userName: '', job: '', idNumber: '', relation: '', grade: 'general', residents: [] };

/** The form's values for a saved caregiver. */
export function caregiverToForm(caregiver: Caregiver): CaregiverFormValues {
  return {
    name: caregiver.name,
    phone: caregiver.phone,
    userName: caregiver.userName,
    job: caregiver.job,
    idNumber: caregiver.idNumber,
    relation: caregiver.relation,
    grade: caregiver.grade,
    residents: caregiver.residents.map((resident) => ({ value: resident.id, label: resident.name })),
  };
}

/**
 * The call body. When the edition hides the ID number, the saved one is kept
 * (`keptIdNumber`) rather than wiped by a field nobody could see.
 */
export function formToBody(values: CaregiverFormValues, showIdNumber: boolean, keptIdNumber: string): CaregiverBody {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    job: values.job.trim(),
    idNumber: showIdNumber ? values.idNumber.trim() : keptIdNumber,
    relation: values.relation.trim(),
    grade: values.grade,
    residentIds: values.residents.map((resident) => resident.value),
  };
}
