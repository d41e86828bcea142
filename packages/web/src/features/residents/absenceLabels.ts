import type { AbsenceReason } from '@vigil/contracts';

/** Message keys of the reasons a resident is away (the list's tag and the absence dialog). */
export const ABSENCE_REASON_KEYS = {
  hospital: 'residents.absence.reason.hospital',
  family: 'residents.absence.reason.family',
  other: 'residents.absence.reason.other',
} as const satisfies Record<AbsenceReason, string>;
