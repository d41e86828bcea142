import { CARE_ROLES, type Role } from '../role-values.ts';

// Device roles and limits without schemas: the console's screens read them without zod.

/** Vendor roles: they see every device (stock and added) and fill the stock. */
export const DEVICE_VENDOR_ROLES = ['SUPER_ROLE', 'SENIOR_ROLE', 'BUSINESS_ROLE'] as const satisfies readonly Role[];
/** Everyone on the device management screens (spec 02 §2) plus sub-accounts through the API, like care data. */
export const DEVICE_ROLES = [...DEVICE_VENDOR_ROLES, ...CARE_ROLES] as const satisfies readonly Role[];
/** Care-home roles: they add devices from stock, bind them and change their settings. */
export const DEVICE_CARE_ROLES = CARE_ROLES;

/** Installation location text (free text, e.g. "bed head, left"). */
export const DEVICE_LOCATION_MAX = 128;
export const DEVICE_IMEI_MAX = 32;
export const DEVICE_COMM_METHOD_MAX = 16;
/** A command not answered within this time shows as `timeout`. */
export const DEVICE_COMMAND_TIMEOUT_MS = 60_000;
