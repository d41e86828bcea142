/** Every role the platform knows (spec 01 §6). */
export const ROLES = [
  'SENIOR_ROLE',
  'SUPER_ROLE',
  'BUSINESS_ROLE',
  'ONE_ROLE',
  'TWO_ROLE',
  'GOVERNMENT',
  'MAINTAIN',
  'SOCIAL_WORKER',
  'RELATIVES',
  'SUB_ROLE',
  'NURSING',
] as const;
export type Role = (typeof ROLES)[number];

/** Vendor-side roles that see every provider's data. */
export const PLATFORM_ROLES: readonly Role[] = ['SENIOR_ROLE', 'SUPER_ROLE', 'BUSINESS_ROLE'];
/** Roles bound to one provider. */
export const PROVIDER_ROLES: readonly Role[] = ['ONE_ROLE', 'TWO_ROLE'];
/**
 * The accounts the app accepts: caregivers and installers (spec 01 §6), and relatives, who use
 * the same app instead of the mini program (issue 28; deviation from spec 01 §6, docs/app.md).
 */
export const APP_LOGIN_ROLES: readonly Role[] = ['NURSING', 'MAINTAIN', 'RELATIVES'];
/** Accounts that use the apps only and get no console session (spec 01 §4, §6). */
export const APP_ONLY_ROLES: readonly Role[] = ['NURSING', 'MAINTAIN'];

/**
 * Roles an account manager may create from Permission management > Account management.
 * Provider logins (ONE_ROLE, TWO_ROLE) are made with their provider, caregivers
 * (NURSING) from the caregiver screen and relatives from residents' contacts.
 */
export const CREATABLE_ROLES: Readonly<Partial<Record<Role, readonly Role[]>>> = {
  SENIOR_ROLE: ['SUPER_ROLE', 'BUSINESS_ROLE', 'GOVERNMENT', 'MAINTAIN'],
  SUPER_ROLE: ['BUSINESS_ROLE', 'GOVERNMENT', 'MAINTAIN'],
  BUSINESS_ROLE: ['GOVERNMENT', 'MAINTAIN'],
  ONE_ROLE: ['SUB_ROLE', 'MAINTAIN', 'SOCIAL_WORKER'],
  TWO_ROLE: ['SUB_ROLE', 'MAINTAIN', 'SOCIAL_WORKER'],
};

/** Roles whose accounts belong to a provider (they need one when created). */
export const PROVIDER_BOUND_ROLES: readonly Role[] = [
  'ONE_ROLE',
  'TWO_ROLE',
  'SUB_ROLE',
  'SOCIAL_WORKER',
  'NURSING',
  'RELATIVES',
];

/** Data permission of a sub-account (spec 01 §6: selectable and required). */
export const DATA_PERMISSIONS = [1, 2] as const;
export type DataPermission = (typeof DATA_PERMISSIONS)[number];

/**
 * Roles that read and manage care data in the provider they work in: the spec 01 §2
 * route table's ONE_ROLE and TWO_ROLE, and sub-accounts (SUB_ROLE), whose data
 * permission decides whether they may change it (1 manage, 2 read only; §6). The spec
 * gives sub-accounts no console route, so they reach care data through the API only.
 */
export const CARE_ROLES = ['ONE_ROLE', 'TWO_ROLE', 'SUB_ROLE'] as const;
