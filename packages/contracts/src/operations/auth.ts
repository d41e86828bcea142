import { z } from 'zod';
import { LOGIN_NAME_MAX, LOGIN_NAME_MIN, LOGIN_NAME_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { isPasswordWellFormed } from '../passwords.ts';
import { RoleSchema } from '../roles.ts';
import { booleanish, emptySchema, nullOutput } from './common.ts';
import { defineOperation } from './define.ts';

export const loginNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .min(LOGIN_NAME_MIN, { error: 'validation.loginName' })
  .max(LOGIN_NAME_MAX, { error: 'validation.loginName' })
  .regex(LOGIN_NAME_PATTERN, { error: 'validation.loginName' });

/** A new password: format rule only; the weak list is checked by the server and the form. */
export const newPasswordSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(PASSWORD_MAX, { error: 'validation.password' })
  .refine((value) => value.length < PASSWORD_MIN || isPasswordWellFormed(value), { error: 'validation.password' })
  .refine((value) => value.length >= PASSWORD_MIN, { error: 'validation.password' });

/** Where a login comes from: the console (PC) or an app. */
export const loginFromSchema = z.string().trim().min(1).max(16).default('PC');

export const providerChoiceSchema = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  domain: z.string(),
  available: z.boolean(),
});

export const loginResultSchema = z.object({
  token: z.string(),
  key: z.string().describe('Socket key for the live channel'),
  permissionType: z.number().int(),
  voiceFlag: z.boolean(),
  role: RoleSchema,
  providerRole: z.number().int().nullable().describe('1 or 2 for provider accounts, null otherwise'),
  uploadDataFlag: z.boolean(),
  menuList: z.array(z.string()),
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  domain: z.string().nullable(),
  providerId: z.number().int().nullable(),
  providerName: z.string().nullable(),
  providerList: z.array(providerChoiceSchema),
  landingPath: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const publicKey = defineOperation({
  id: 'admin.publicKey', method: 'GET', path: '/admin/publicKey', tag: 'auth', encoding: 'query', auth: 'public',
  summary: 'RSA public key (PEM) that encrypts passwords with RSA-OAEP SHA-256',
  input: emptySchema,
  output: z.object({ publicKey: z.string() }),
});

export const login = defineOperation({
  id: 'admin.login', method: 'POST', path: '/admin/login', tag: 'auth', encoding: 'json', auth: 'public',
  summary: 'Log in; with rsa=true passWord is base64 RSA-OAEP (SHA-256) ciphertext',
  input: z.object({
    userName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(LOGIN_NAME_MAX, { error: 'validation.loginName' }),
    passWord: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1024, { error: 'validation.invalid' }),
    from: loginFromSchema,
    rsa: booleanish.default(false),
  }),
  output: loginResultSchema,
});

export const sso = defineOperation({
  id: 'admin.sso', method: 'POST', path: '/admin/sso', tag: 'auth', encoding: 'form', auth: 'public',
  summary: 'Fast login: secretPassword = hex HMAC-SHA256(server secret, userName + ":" + timestamp), timestamp in ms within 5 minutes',
  input: z.object({
    userName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(LOGIN_NAME_MAX),
    secretPassword: z.string({ error: 'validation.required' }).trim().regex(/^[0-9a-f]{64}$/i, { error: 'validation.invalid' }),
    timestamp: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }),
    from: loginFromSchema,
  }),
  output: loginResultSchema,
});

export const logout = defineOperation({
  id: 'admin.logout', method: 'GET', path: '/admin/logout', tag: 'auth', encoding: 'query', auth: 'session',
  summary: 'Sign out: revokes the session token',
  input: emptySchema,
  output: nullOutput,
});

export const updatePassword = defineOperation({
  id: 'admin.updatePassword', method: 'POST', path: '/admin/updatePassword', tag: 'auth', encoding: 'json', auth: 'session',
  summary: 'Change the signed-in account\'s password; every session of the account is revoked',
  input: z.object({
    userName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }),
    oldPassWord: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1024),
    newPassWord: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1024),
    rsa: booleanish.default(false),
  }),
  output: nullOutput,
});

export const platformInfo = defineOperation({
  id: 'admin.platformInfo', method: 'GET', path: '/admin/platformInfo', tag: 'auth', encoding: 'query', auth: 'session',
  summary: 'Who is signed in, for route generation (spec 01 §7 "platform info"; path chosen here)',
  input: emptySchema,
  output: z.object({
    role: RoleSchema,
    providerRole: z.number().int().nullable(),
    providerId: z.number().int().nullable(),
    nickName: z.string(),
    domain: z.string().nullable(),
    platformName: z.string(),
    userName: z.string(),
    userId: z.number().int(),
    permissionType: z.number().int(),
    menuList: z.array(z.string()),
    providerName: z.string().nullable(),
    providerList: z.array(providerChoiceSchema),
    landingPath: z.string(),
  }),
});

export const changeProvider = defineOperation({
  id: 'account.changeProvider', method: 'POST', path: '/account/changeProvider', tag: 'auth', encoding: 'form', auth: 'session',
  roles: ['ONE_ROLE'],
  summary: 'Switch a class I user\'s current provider among its available class II providers',
  input: z.object({ domain: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64) }),
  output: providerChoiceSchema,
});
