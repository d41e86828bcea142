import { z } from 'zod';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN } from '../limits.ts';
import { DataPermissionSchema, RoleSchema } from '../roles.ts';
import { idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { loginNameSchema, newPasswordSchema } from './auth.ts';
import { defineOperation } from './define.ts';

const MANAGERS = ['SUPER_ROLE', 'SENIOR_ROLE', 'ONE_ROLE', 'TWO_ROLE', 'BUSINESS_ROLE'] as const;

export const displayNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(DISPLAY_NAME_MIN, { error: 'validation.displayName' })
  .max(DISPLAY_NAME_MAX, { error: 'validation.displayName' });

export const accountSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  role: RoleSchema,
  dataPermission: DataPermissionSchema.nullable(),
  providerId: z.number().int().nullable(),
  providerName: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

export const queryAccountList = defineOperation({
  id: 'account.queryAccountList', method: 'POST', path: '/account/queryAccountList', tag: 'accounts', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'Page of accounts in the caller\'s scope (provider logins are managed with their provider)',
  input: pageQuerySchema.extend({ role: RoleSchema.optional() }),
  output: pageOf(accountSchema),
});

export const insertAccount = defineOperation({
  id: 'account.insertAccount', method: 'POST', path: '/account/insertAccount', tag: 'accounts', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'Create an account of a role the caller may give; sub-accounts need a data permission',
  input: z.object({
    userName: loginNameSchema,
    passWord: newPasswordSchema,
    nickName: displayNameSchema,
    role: RoleSchema,
    dataPermission: DataPermissionSchema.optional().nullable(),
    providerId: idSchema.optional().nullable(),
  }),
  output: z.object({ id: z.number().int() }),
});

export const operateAccount = defineOperation({
  id: 'account.operate', method: 'POST', path: '/account/operate', tag: 'accounts', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'op: enable, disable, delete, resetPassword (answers a new random password once) or update (nickName, dataPermission)',
  input: z.discriminatedUnion('op', [
    z.object({ op: z.literal('enable'), id: idSchema }),
    z.object({ op: z.literal('disable'), id: idSchema }),
    z.object({ op: z.literal('delete'), id: idSchema }),
    z.object({ op: z.literal('resetPassword'), id: idSchema }),
    z.object({ op: z.literal('update'), id: idSchema, nickName: displayNameSchema, dataPermission: DataPermissionSchema.optional().nullable() }),
  ], { error: 'validation.invalid' }),
  output: z.object({ password: z.string().optional() }).nullable(),
});

export { nullOutput };
