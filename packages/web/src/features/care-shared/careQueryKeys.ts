/**
 * Query-key roots of the care data. Addresses, residents and caregivers show each
 * other's data (a bed's resident, a resident's caregivers), so a change to one
 * invalidates all three: `CARE_KEY` is their common root.
 */
export const CARE_KEY = ['care'] as const;
export const ADDRESSES_KEY = [...CARE_KEY, 'addresses'] as const;
export const RESIDENTS_KEY = [...CARE_KEY, 'residents'] as const;
export const CAREGIVERS_KEY = [...CARE_KEY, 'caregivers'] as const;
