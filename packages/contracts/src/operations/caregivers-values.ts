// Caregiver values without schemas: the console's screens read them without zod.

export const CAREGIVER_GRADES = ['general', 'senior'] as const;
