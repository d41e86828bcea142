import { z } from 'zod';
import { ROLES } from './role-values.ts';

// The schemas; the values and types live in role-values.ts (no zod), which the console's shell reads:
// a module's code lands in one chunk, so schemas beside them would bring zod into the shell.
export * from './role-values.ts';

export const RoleSchema = z.enum(ROLES);

/** 1: read and manage the provider's data; 2: read only. */
export const DataPermissionSchema = z.union([z.literal(1), z.literal(2)]);
