import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import type { LoginResult, OutputOf, platformInfo, Role } from '@vigil/contracts';

/**
 * The signed-in user's session as the console keeps it (spec 01 §3): the token in
 * the admin-token cookie, the rest in local storage, readable through useSession().
 */
export interface SessionState {
  token: string;
  role: Role;
  userId: number;
  userName: string;
  nickName: string;
  permissionType: number;
  voiceFlag: boolean;
  providerRole: number | null;
  providerId: number | null;
  providerName: string | null;
  domain: string | null;
  providerList: LoginResult['providerList'];
  menuList: string[];
  landingPath: string;
}

const TOKEN_COOKIE = 'Admin-Token';
const USER_KEY = 'user';
const listeners = new Set<() => void>();
let cached: SessionState | null | undefined;

function notify(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

/** The session token, if any. */
export function readToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

/** The key the live socket logs in with (the login answer's `key`), if any. */
export function readSocketKey(): string | null {
  return Cookies.get('socket-key') ?? readToken();
}

/** The stored session, or null when signed out. */
export function readSession(): SessionState | null {
  if (cached !== undefined) return cached;
  const token = readToken();
  const raw = localStorage.getItem(USER_KEY);
  if (!token || !raw) return (cached = null);
  try {
    cached = { ...(JSON.parse(raw) as Omit<SessionState, 'token'>), token };
  } catch {
    cached = null;
  }
  return cached;
}

/** Stores a login result (token cookie, user and provider keys in local storage, reload flag). */
export function saveLogin(result: LoginResult): void {
  Cookies.set(TOKEN_COOKIE, result.token, { sameSite: 'Strict' });
  Cookies.set('socket-key', result.key, { sameSite: 'Strict' });
  Cookies.set('permission-type', String(result.permissionType), { sameSite: 'Strict' });
  Cookies.set('voice-flag', result.voiceFlag ? '1' : '0', { sameSite: 'Strict' });
  Cookies.set('update-original-data-flag', result.uploadDataFlag ? '1' : '0', { sameSite: 'Strict' });
  Cookies.set('role', result.role, { sameSite: 'Strict' });
  const { token: _token, key: _key, uploadDataFlag: _flag, ...user } = result;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem('userAccount', result.userName);
  if (result.providerId !== null) localStorage.setItem('cur_providerId', String(result.providerId));
  if (result.providerName !== null) localStorage.setItem('cur_providerName', result.providerName);
  if (result.domain !== null) localStorage.setItem('cur_domain', result.domain);
  localStorage.setItem('reloadFlag', '1');
  notify();
}

/** Updates parts of the stored session (after a provider switch or a platform-info refresh). */
export function updateSession(patch: Partial<Omit<SessionState, 'token'>>): void {
  const current = readSession();
  if (!current) return;
  const { token: _token, ...user } = { ...current, ...patch };
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (patch.providerId != null) localStorage.setItem('cur_providerId', String(patch.providerId));
  if (patch.providerName != null) localStorage.setItem('cur_providerName', patch.providerName);
  if (patch.domain != null) localStorage.setItem('cur_domain', patch.domain);
  notify();
}

/**
 * Rebuilds the stored user from platform info when the token survived but the
 * user record did not (spec 01 §4: token present, role unknown).
 */
export function restoreSession(info: OutputOf<typeof platformInfo>): void {
  if (!readToken()) return;
  const user: Omit<SessionState, 'token'> = {
    role: info.role,
    userId: info.userId,
    userName: info.userName,
    nickName: info.nickName,
    permissionType: info.permissionType,
    voiceFlag: Cookies.get('voice-flag') === '1',
    providerRole: info.providerRole,
    providerId: info.providerId,
    providerName: info.providerName,
    domain: info.domain,
    providerList: info.providerList,
    menuList: info.menuList,
    landingPath: info.landingPath,
  };
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem('userAccount', info.userName);
  if (info.providerId !== null) localStorage.setItem('cur_providerId', String(info.providerId));
  if (info.providerName !== null) localStorage.setItem('cur_providerName', info.providerName);
  if (info.domain !== null) localStorage.setItem('cur_domain', info.domain);
  notify();
}

/** Forgets the session (token cookie and user keys). */
export function clearSession(): void {
  for (const name of [TOKEN_COOKIE, 'socket-key', 'permission-type', 'voice-flag', 'update-original-data-flag', 'role']) Cookies.remove(name);
  for (const key of [USER_KEY, 'cur_providerId', 'cur_providerName', 'cur_domain']) localStorage.removeItem(key);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session, re-rendering on change. */
export function useSession(): SessionState | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}
