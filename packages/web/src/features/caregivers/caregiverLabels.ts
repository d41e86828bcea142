import type { CaregiverGrade } from './caregiversApi.ts';
import type { KeyOf } from '../../i18n/namespaces.ts';

/** Label keys of the caregiver grades. */
export const GRADE_LABEL_KEYS: Record<CaregiverGrade, KeyOf<'caregivers'>> = {
  general: 'caregivers.grade.general',
  senior: 'caregivers.grade.senior',
};
