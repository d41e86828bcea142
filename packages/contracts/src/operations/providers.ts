import { z } from 'zod';
import { PROVIDER_CODE_MAX, PROVIDER_NAME_MAX, PROVIDER_NAME_MIN, PROVIDER_RESTORE_DAYS } from '../limits.ts';
import { booleanish, idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { loginNameSchema, newPasswordSchema } from './auth.ts';
import { defineOperation } from './define.ts';

const MANAGERS = ['SUPER_ROLE', 'SENIOR_ROLE', 'ONE_ROLE', 'BUSINESS_ROLE'] as const;
/** Vendor roles with provider management (spec 01 §6): they alone list and restore deleted providers. */
const RESTORERS = ['SUPER_ROLE', 'SENIOR_ROLE', 'BUSINESS_ROLE'] as const;

export const providerNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(PROVIDER_NAME_MIN, { error: 'validation.providerName' })
  .max(PROVIDER_NAME_MAX, { error: 'validation.providerName' });

export const providerCodeSchema = z
  .string()
  .trim()
  .max(PROVIDER_CODE_MAX, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'validation.invalid' });

export const providerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  domain: z.string(),
  level: z.union([z.literal(1), z.literal(2)]).describe('1: class I, 2: class II'),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  userName: z.string().nullable().describe('The provider\'s login account'),
  enabled: z.boolean(),
  available: z.boolean().describe('Enabled, and its superior (if any) enabled too'),
  childCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Provider = z.infer<typeof providerSchema>;

export const queryProviderList = defineOperation({
  id: 'provider.queryProviderList', method: 'POST', path: '/provider/queryProviderList', tag: 'providers', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'Page of providers in the caller\'s scope',
  input: pageQuerySchema.extend({
    level: z.union([z.literal(1), z.literal(2)]).optional(),
    parentId: idSchema.optional(),
    enabled: booleanish.optional(),
  }),
  output: pageOf(providerSchema),
});

export const insertProvider = defineOperation({
  id: 'provider.insertProvider', method: 'POST', path: '/provider/insertProvider', tag: 'providers', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'Create a provider and its login account. Without parentId a vendor role makes a class I provider; a class I provider always makes its own class II',
  input: z.object({
    name: providerNameSchema,
    code: providerCodeSchema.optional(),
    parentId: idSchema.optional().nullable(),
    userName: loginNameSchema,
    passWord: newPasswordSchema,
  }),
  output: z.object({ id: z.number().int() }),
});

export const updateProvider = defineOperation({
  id: 'provider.updateProvider', method: 'POST', path: '/provider/updateProvider', tag: 'providers', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'Rename a provider or change its number',
  input: z.object({ id: idSchema, name: providerNameSchema, code: providerCodeSchema.optional() }),
  output: nullOutput,
});

export const restProviderPwd = defineOperation({
  id: 'provider.restProviderPwd', method: 'POST', path: '/provider/restProviderPwd', tag: 'providers', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'Reset the provider login\'s password to a new random one, returned once; its sessions end',
  input: z.object({ id: idSchema }),
  output: z.object({ password: z.string() }),
});

export const operateProvider = defineOperation({
  id: 'provider.operateProvider', method: 'POST', path: '/provider/operateProvider', tag: 'providers', encoding: 'json', auth: 'session', roles: MANAGERS,
  summary: 'Enable or disable a provider; disabling ends the sessions of it, its class II providers and all their accounts',
  input: z.object({ id: idSchema, enabled: booleanish }),
  output: nullOutput,
});

export const getProvider = defineOperation({
  id: 'provider.getProvider', method: 'GET', path: '/provider/getProvider', tag: 'providers', encoding: 'query', auth: 'session', roles: MANAGERS,
  summary: 'One provider in the caller\'s scope',
  input: z.object({ id: idSchema }),
  output: providerSchema,
});

export const deleteProvider = defineOperation({
  id: 'provider.deleteProvider', method: 'GET', path: '/provider/deleteProvider', tag: 'providers', encoding: 'query', auth: 'session', roles: MANAGERS,
  summary: `Delete a provider with no class II providers: it disappears for everyone and its accounts can no longer log in; a vendor role can restore it for ${PROVIDER_RESTORE_DAYS} days, then it is purged with all its data`,
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const deletedProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  userName: z.string().nullable(),
  deletedAt: z.number().int().describe('Epoch milliseconds'),
  purgeAt: z.number().int().describe('Epoch milliseconds after which it is purged with its data'),
  daysLeft: z.number().int().describe('Days left to restore it, a started day counting as one (1 on its last day)'),
});
export type DeletedProvider = z.infer<typeof deletedProviderSchema>;

export const queryDeletedProviderList = defineOperation({
  id: 'provider.queryDeletedProviderList', method: 'POST', path: '/provider/queryDeletedProviderList', tag: 'providers', encoding: 'json', auth: 'session', roles: RESTORERS,
  summary: `Page of deleted providers still restorable (deleted less than ${PROVIDER_RESTORE_DAYS} days ago), most recently deleted first`,
  input: pageQuerySchema,
  output: pageOf(deletedProviderSchema),
});

export const restoreProvider = defineOperation({
  id: 'provider.restoreProvider', method: 'POST', path: '/provider/restoreProvider', tag: 'providers', encoding: 'json', auth: 'session', roles: RESTORERS,
  summary: 'Restore a deleted provider with its data and accounts, as they were (its accounts log in again with their old passwords)',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});
