import { routeChain } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import type { Location } from 'react-router';
import { canOpen, type AccessContext } from '../routing/access.ts';

/** How many screens stay mounted behind the tab bar; the one shown longest ago goes first. */
export const MAX_KEPT_SCREENS = 10;

/**
 * True when the screen at `path` stays mounted behind the tab bar once the user leaves it: a
 * leaf console route the user may open, not marked no-cache (spec 01 §2). Parents redirect,
 * /redirect re-opens, and refused paths go to /noPermission: none of them is a tab's screen.
 */
export function keepsAlive(path: string, access: AccessContext): boolean {
  const leaf = routeChain(path).at(-1);
  return Boolean(leaf && !leaf.children && !leaf.noCache && canOpen(path, access));
}

/** A tab's screen kept mounted while hidden, at the address it was last shown at. */
export interface KeptScreen {
  path: string;
  location: Location;
  /** Order of last showing: the smallest is dropped first when over the bound. */
  shownAt: number;
}

/**
 * The kept screens once `location` is shown: its screen is updated in place (the list keeps its
 * order, so React never moves a kept screen's DOM) or appended, then the screen shown longest
 * ago is dropped while there are more than `limit`.
 */
export function withScreenShown(kept: readonly KeptScreen[], location: Location, shownAt: number, limit = MAX_KEPT_SCREENS): readonly KeptScreen[] {
  const shown = { path: location.pathname, location, shownAt };
  const existing = kept.some((screen) => screen.path === shown.path);
  let next = existing ? kept.map((screen) => (screen.path === shown.path ? shown : screen)) : [...kept, shown];
  while (next.length > limit) {
    const oldest = next.reduce((first, screen) => (screen.shownAt < first.shownAt ? screen : first));
    next = next.filter((screen) => screen !== oldest);
  }
  return next;
}

/** The kept screens without those of `paths` (closed or refreshed tabs). */
export function withoutScreens(kept: readonly KeptScreen[], paths: Iterable<string>): readonly KeptScreen[] {
  const gone = new Set(paths);
  return kept.some((screen) => gone.has(screen.path)) ? kept.filter((screen) => !gone.has(screen.path)) : kept;
}

let kept: readonly KeptScreen[] = [];
let shownCount = 0;
const listeners = new Set<() => void>();

function set(next: readonly KeptScreen[]): void {
  if (next === kept) return;
  kept = next;
  for (const listener of listeners) listener();
}

/** Keeps the screen at `location` mounted after the user leaves it. */
export function keepScreen(location: Location): void {
  shownCount += 1;
  set(withScreenShown(kept, location, shownCount));
}

/** Drops the kept screens of these paths: the next visit mounts them fresh. */
export function forgetScreens(paths: Iterable<string>): void {
  set(withoutScreens(kept, paths));
}

/** Drops every kept screen (the shell that rendered them has gone). */
export function forgetAllScreens(): void {
  set([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The kept screens, re-rendering on change. */
export function useKeptScreens(): readonly KeptScreen[] {
  return useSyncExternalStore(
    subscribe,
    () => kept,
    () => kept,
  );
}
