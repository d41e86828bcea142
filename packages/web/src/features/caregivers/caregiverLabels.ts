import type { CaregiverGrade } from './caregiversApi.ts';

/** Label keys of the caregiver grades. */
export const GRADE_LABEL_KEYS: Record<CaregiverGrade, string> = {
  general: 'caregivers.grade.general',
  senior: 'caregivers.grade.senior',
};
