import type { LoginResult, Role } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The app's own session, apart from the console's (which keeps its token in a cookie for
 * the whole site): a phone signed in to the app must not sign a console out, or in.
 */
export type AppRole = 'NURSING' | 'MAINTAIN' | 'RELATIVES';
export interface AppSession {
  token: string;
  socketKey: string;
  role: AppRole;
  userName: string;
  nickName: string;
  providerName: string | null;
}

const KEY = 'vigil-app-session';
const listeners = new Set<() => void>();
let cached: AppSession | null | undefined;

export function isAppRole(role: Role): role is AppRole {
  return role === 'NURSING' || role === 'MAINTAIN' || role === 'RELATIVES';
}

export function readSession(): AppSession | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    cached = raw ? (JSON.parse(raw) as AppSession) : null;
  } catch {
    cached = null;
  }
  return cached;
}

function notify(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function saveSession(result: LoginResult): void {
  if (!isAppRole(result.role)) return;
  const session: AppSession = {
    token: result.token,
    socketKey: result.key,
    role: result.role,
    userName: result.userName,
    nickName: result.nickName,
    providerName: result.providerName,
  };
  localStorage.setItem(KEY, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  notify();
}

export function useSession(): AppSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readSession,
    () => null,
  );
}
