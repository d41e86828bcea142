import crypto from 'node:crypto';
import {
  APP_LOGIN_ROLES,
  APP_ONLY_ROLES,
  newPasswordSchema,
  RoleSchema,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SSO_WINDOW_MS,
  Status,
  type LoginResult,
  type Role,
} from '@vigil/contracts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { READ_ONLY_PERMISSION } from '../../tenancy/data-permission.ts';
import type { Scope } from '../../tenancy/scope.ts';
import type { AccountRepository, AccountRow } from '../accounts/account.repository.ts';
import { isProviderAvailable } from '../providers/availability.ts';
import type { ProviderRepository, ProviderRow } from '../providers/provider.repository.ts';
import { brandingFor } from '../system/branding.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';
import { presentLogin, presentPlatformInfo, presentProviderChoice, type ProviderChoice } from './auth.presenter.ts';
import { type KeyStore, ssoSignature } from './key-store.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, UNMATCHABLE_HASH, verifyPassword } from './password-hash.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionRepository, UsedSsoSignatureRepository } from './session.repository.ts';

/** Sessions are touched at most this often, so most requests do not write. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthDeps {
  accounts: AccountRepository;
  providers: ProviderRepository;
  sessions: SessionRepository;
  settings: SettingsRepository;
  throttle: LoginThrottle;
  usedSsoSignatures: UsedSsoSignatureRepository;
  keys: KeyStore;
  now: () => number;
  /** Sessions already resolved (dropped on every session, account or provider change); none resolves every request. */
  cache?: SessionCache;
}

// crypto.hash: one call, no Hash object (a third of createHash's time; it runs on every request).
const sha256 = (value: string) => crypto.hash('sha256', value, 'hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

interface ProviderContext {
  home: ProviderRow | null;
  homeAvailable: boolean;
  children: ProviderRow[];
}

/** Logins, sessions and the signed-in user's provider context. */
export function authService(deps: AuthDeps) {
  async function providerContext(account: AccountRow): Promise<ProviderContext> {
    if (account.provider_id === null) return { home: null, homeAvailable: true, children: [] };
    const home = await deps.providers.findById(account.provider_id);
    if (!home) return { home: null, homeAvailable: false, children: [] };
    const parent = home.parent_id ? await deps.providers.findById(home.parent_id) : null;
    const children = account.role === 'ONE_ROLE' ? await deps.providers.children(home.id) : [];
    // A superior that cannot be found (deleted) makes its class II provider unavailable too.
    const parentGone = home.parent_id !== null && !parent;
    return { home, homeAvailable: !parentGone && isProviderAvailable(home, parent), children };
  }

  function roleOf(account: AccountRow): Role {
    const parsed = RoleSchema.safeParse(account.role);
    if (!parsed.success) throw errors.accountInvalid();
    return parsed.data;
  }

  function providerList(role: Role, context: ProviderContext): ProviderChoice[] {
    const { home } = context;
    if (!home) return [];
    if (role !== 'ONE_ROLE') return [presentProviderChoice(home, context.homeAvailable)];
    return context.children.map((child) => presentProviderChoice(child, context.homeAvailable && child.enabled === 1));
  }

  function scopeOf(account: AccountRow, role: Role, context: ProviderContext, currentProviderId: number | null): Scope {
    const platform = account.provider_id === null && ['SENIOR_ROLE', 'SUPER_ROLE', 'BUSINESS_ROLE'].includes(role);
    const providerIds = platform ? 'all' : context.home ? [context.home.id, ...context.children.map((child) => child.id)] : [];
    const readOnly = role === 'SUB_ROLE' && account.data_permission === READ_ONLY_PERMISSION;
    return { accountId: account.id, role, homeProviderId: account.provider_id, currentProviderId, providerIds, readOnly };
  }

  /** The provider a session starts in: a class I user starts in its first available class II provider. */
  function startingProvider(role: Role, context: ProviderContext): ProviderRow | null {
    if (role === 'ONE_ROLE' && context.homeAvailable) {
      const child = context.children.find((candidate) => candidate.enabled === 1);
      if (child) return child;
    }
    return context.home;
  }

  /** Resolves a session by its token hash; status 100 when unknown, 101 when ended or no longer allowed. */
  async function sessionOf(tokenHash: string, touch = true): Promise<SessionInfo> {
    const cached = deps.cache?.get(tokenHash);
    if (cached) {
      const time = deps.now();
      // Expired by this entry's times: read the row again (another process may have kept it alive).
      if (cached.session.expires_at > time) {
        if (touch && time - cached.session.last_seen_at > TOUCH_EVERY_MS) {
          const expiresAt = Math.min(time + SESSION_IDLE_MS, cached.session.created_at + SESSION_MAX_MS);
          await deps.sessions.touch(tokenHash, time, expiresAt);
          cached.session = { ...cached.session, last_seen_at: time, expires_at: expiresAt };
        }
        return cached.info;
      }
      deps.cache?.forget(tokenHash);
    }
    // Read before the rows: a change committed while resolving moves it, and the result is not kept.
    const generation = deps.cache?.generation() ?? 0;
    const session = await deps.sessions.find(tokenHash);
    if (!session) {
      if (await deps.sessions.isCancelled(tokenHash)) throw errors.accountCancelled();
      throw errors.tokenMissing();
    }
    const time = deps.now();
    if (session.revoked === 1 || session.expires_at <= time) throw errors.tokenExpired();
    const account = await deps.accounts.findById(session.account_id);
    if (!account) throw errors.tokenExpired();
    const role = roleOf(account);
    const context = await providerContext(account);
    if (account.enabled !== 1 || !context.homeAvailable) {
      await deps.sessions.revoke(tokenHash);
      throw errors.tokenExpired();
    }
    let currentProviderId = session.current_provider_id;
    if (role === 'ONE_ROLE' && !context.children.some((child) => child.id === currentProviderId && child.enabled === 1)) {
      // The class II provider this session worked in was disabled or deleted: fall back, never keep showing it.
      currentProviderId = startingProvider(role, context)?.id ?? null;
      if (currentProviderId !== session.current_provider_id && currentProviderId !== null) {
        await deps.sessions.setCurrentProvider(tokenHash, currentProviderId);
      }
    }
    let { last_seen_at: lastSeenAt, expires_at: expiresAt } = session;
    // The live socket's periodic checks do not keep an idle session alive.
    if (touch && time - session.last_seen_at > TOUCH_EVERY_MS) {
      lastSeenAt = time;
      expiresAt = Math.min(time + SESSION_IDLE_MS, session.created_at + SESSION_MAX_MS);
      await deps.sessions.touch(tokenHash, lastSeenAt, expiresAt);
    }
    const scope = scopeOf(account, role, context, currentProviderId);
    if (Array.isArray(scope.providerIds)) Object.freeze(scope.providerIds);
    // Shared by every request of the session while cached: nobody may change it.
    const info: SessionInfo = Object.freeze({
      tokenHash,
      accountId: account.id,
      userName: account.user_name,
      nickName: account.nick_name,
      permissionType: account.data_permission ?? 1,
      scope: Object.freeze(scope),
    });
    deps.cache?.store(tokenHash, { session: { created_at: session.created_at, last_seen_at: lastSeenAt, expires_at: expiresAt }, info }, generation);
    return info;
  }

  async function loginResult(account: AccountRow, session: { token: string; socketKey: string; currentProviderId: number | null }): Promise<LoginResult> {
    const role = roleOf(account);
    const context = await providerContext(account);
    const current = session.currentProviderId ? await deps.providers.findById(session.currentProviderId) : null;
    return presentLogin(account, { role, providerRole: context.home?.level ?? null, current, providerList: providerList(role, context) }, session);
  }

  async function startSession(account: AccountRow, from: string): Promise<LoginResult> {
    const role = roleOf(account);
    const fromConsole = from.toUpperCase() === 'PC';
    if (!fromConsole && !APP_LOGIN_ROLES.includes(role)) throw errors.appLoginForbidden();
    // Installers and caregivers use the apps only (spec 01 §4, §6): no console session.
    if (fromConsole && APP_ONLY_ROLES.includes(role)) throw errors.webLoginForbidden();
    // Family accounts (RELATIVES) see one resident's data only, never the console (issue 27).
    if (fromConsole && role === 'RELATIVES') throw errors.familyConsoleForbidden();
    const context = await providerContext(account);
    if (account.enabled !== 1 || !context.homeAvailable) throw errors.accountInvalid();
    const token = randomToken();
    const socketKey = randomToken();
    const time = deps.now();
    const current = startingProvider(role, context);
    await deps.sessions.insert({
      token_hash: sha256(token),
      account_id: account.id,
      current_provider_id: current?.id ?? null,
      socket_key: sha256(socketKey),
      created_at: time,
      last_seen_at: time,
      expires_at: time + SESSION_IDLE_MS,
      revoked: 0,
    });
    return loginResult(account, { token, socketKey, currentProviderId: current?.id ?? null });
  }

  return {
    publicKey: () => ({ publicKey: deps.keys.publicKeyPem }),

    /** Password login from the console (from=PC) or an app. */
    async login(input: { userName: string; passWord: string; from: string; rsa: boolean }, ip: string): Promise<LoginResult> {
      const password = input.rsa ? deps.keys.decryptPassword(input.passWord) : input.passWord;
      // The try is counted before the password is checked, so parallel guesses cannot outrun the lock.
      const attempt = await deps.throttle.reserve(input.userName, ip);
      const account = await deps.accounts.findByUserName(input.userName);
      const matches = await verifyPassword(password, account?.password_hash ?? UNMATCHABLE_HASH);
      if (!account || !matches) throw errors.loginFailed();
      await attempt.release();
      return startSession(account, input.from);
    },

    /** Fast login: an HMAC of userName and timestamp under the server secret, within the time window, usable once. */
    async sso(input: { userName: string; secretPassword: string; timestamp: number; from: string }, ip: string): Promise<LoginResult> {
      const attempt = await deps.throttle.reserve(input.userName, ip);
      const expected = Buffer.from(ssoSignature(deps.keys.ssoSecret, input.userName, input.timestamp), 'hex');
      const given = Buffer.from(input.secretPassword.toLowerCase(), 'hex');
      const fresh = Math.abs(deps.now() - input.timestamp) <= SSO_WINDOW_MS;
      const account = await deps.accounts.findByUserName(input.userName);
      if (!fresh || given.length !== expected.length || !crypto.timingSafeEqual(given, expected) || !account) {
        throw errors.ssoInvalid();
      }
      // One use per link: the first caller to record the signature wins, a replay is refused.
      if (!(await deps.usedSsoSignatures.consume(sha256(expected.toString('hex')), input.timestamp + SSO_WINDOW_MS))) {
        throw errors.ssoInvalid();
      }
      await attempt.release();
      return startSession(account, input.from);
    },

    /** Resolves a token to its session; status 100 when unknown, 101 when ended or no longer allowed. */
    async authenticate(token: string | undefined): Promise<SessionInfo> {
      if (!token) throw errors.tokenMissing();
      return sessionOf(sha256(token));
    },

    /** The live socket's login: the socket key of the login answer, or the session token itself; the same checks as authenticate. */
    async authenticateSocket(key: string): Promise<SessionInfo> {
      const session = await deps.sessions.findBySocketKey(sha256(key));
      return sessionOf(session?.token_hash ?? sha256(key), false);
    },

    async logout(session: SessionInfo): Promise<null> {
      await deps.sessions.revoke(session.tokenHash);
      return null;
    },

    /** Changes the signed-in account's password and ends all its sessions. */
    async updatePassword(
      input: { userName: string; oldPassWord: string; newPassWord: string; rsa: boolean },
      session: SessionInfo,
    ): Promise<null> {
      if (input.userName.toLowerCase() !== session.userName.toLowerCase()) throw errors.noPermission();
      const oldPassword = input.rsa ? deps.keys.decryptPassword(input.oldPassWord) : input.oldPassWord;
      const newPassword = input.rsa ? deps.keys.decryptPassword(input.newPassWord) : input.newPassWord;
      const account = await deps.accounts.findById(session.accountId);
      if (!account || !(await verifyPassword(oldPassword, account.password_hash))) {
        throw new AppError(Status.OLD_PASSWORD_WRONG, 'auth.oldPasswordWrong');
      }
      if (!newPasswordSchema.safeParse(newPassword).success) throw errors.invalidField('newPassWord', 'validation.password');
      assertPasswordAllowed(newPassword, account.user_name);
      if (newPassword === oldPassword) throw errors.invalidField('newPassWord', 'auth.passwordSame');
      await deps.accounts.update(account.id, { password_hash: await hashPassword(newPassword) }, deps.now());
      await deps.sessions.revokeAccounts([account.id]);
      return null;
    },

    /** Who is signed in, for the console's route generation. */
    async platformInfo(session: SessionInfo) {
      const account = await deps.accounts.findById(session.accountId);
      if (!account) throw errors.tokenExpired();
      const result = await loginResult(account, { token: '', socketKey: '', currentProviderId: session.scope.currentProviderId });
      // The same name the console shows: the account's provider's own, where it set one.
      const platformName = (await brandingFor(deps.settings, session.scope.homeProviderId)).name;
      return presentPlatformInfo(result, platformName);
    },

    /** Switches a class I user to itself or one of its available class II providers. */
    async changeProvider(domain: string, session: SessionInfo) {
      const provider = await deps.providers.findByDomain(domain);
      const { scope } = session;
      const isChild = provider && provider.parent_id !== null && provider.parent_id === scope.homeProviderId;
      if (!provider || !isChild) throw errors.notFound('provider.notFound');
      const parent = provider.parent_id ? await deps.providers.findById(provider.parent_id) : null;
      if (!parent || !isProviderAvailable(provider, parent)) throw errors.conflict('provider.notAvailable');
      await deps.sessions.setCurrentProvider(session.tokenHash, provider.id);
      return presentProviderChoice(provider, true);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
