// Resident value lists without schemas: the console's screens read them without zod.

export const GENDERS = ['male', 'female'] as const;

/** Medical history codes (spec 01 §3). */
export const MEDICAL_CONDITIONS = ['hypertension', 'hyperlipidaemia', 'hyperglycaemia', 'alzheimers', 'paralysis', 'stroke'] as const;

export const CONTACT_RELATIONS = ['children', 'friend', 'others'] as const;

/** Resident states (spec 01 §4); see docs/care-data.md for the transitions. */
export const RESIDENT_STATES = ['notAdmitted', 'admitted', 'checkedOut', 'deregistered'] as const;

/** Why a resident is temporarily away (spec 02 §7 /user/transient/post). */
export const ABSENCE_REASONS = ['hospital', 'family', 'other'] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];
