import type { Location } from 'react-router';

/** Navigation state the login page passes on, so a refused target falls back to / (spec 01 §4). */
export interface FromLoginState {
  fromLogin: true;
}

export const FROM_LOGIN: FromLoginState = { fromLogin: true };

/** Navigation state of the / redirect to the landing path: the screen was opened for the user, not picked. */
export const LANDED: { landed: true } = { landed: true };

/** True when the navigation came straight from the login page. */
export function cameFromLogin(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromLogin' in state && state.fromLogin === true;
}

/** /login with the current page as the redirect target. */
export function loginPathFor(location: Pick<Location, 'pathname' | 'search'>): string {
  const target = location.pathname + location.search;
  if (location.pathname === '/' || location.pathname.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(target)}`;
}

/** A redirect target is only followed when it is a path on this site. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  return value;
}
