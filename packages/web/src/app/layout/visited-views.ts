import { useSyncExternalStore } from 'react';
import { forgetScreens } from './kept-screens.ts';

/** A page in the tab bar: unique by path, reopened at its last full path (with query). */
export interface VisitedView {
  path: string;
  fullPath: string;
  /** Route title key; null shows the no-name fallback. */
  titleKey: string | null;
  /** Fixed tab (the landing page): cannot be closed. */
  affix: boolean;
}

let views: readonly VisitedView[] = [];
let owner: number | null = null;
const listeners = new Set<() => void>();

function set(next: readonly VisitedView[]): void {
  // A closed tab's kept screen goes with it, so reopening the tab starts fresh.
  const open = new Set(next.map((item) => item.path));
  const closed = views.filter((item) => !open.has(item.path)).map((item) => item.path);
  views = next;
  forgetScreens(closed);
  for (const listener of listeners) listener();
}

/** Starts a fresh tab bar, without kept screens, when another user signs in. */
export function claimViews(userId: number): void {
  if (owner === userId) return;
  owner = userId;
  set([]);
}

/** Adds a page or updates its full path; affix tabs stay first. */
export function visitView(view: VisitedView): void {
  const existing = views.find((item) => item.path === view.path);
  if (existing) {
    if (existing.fullPath === view.fullPath && (existing.affix || !view.affix)) return;
    set(views.map((item) => (item.path === view.path ? { ...item, fullPath: view.fullPath, affix: item.affix || view.affix } : item)));
    return;
  }
  set(view.affix ? [view, ...views] : [...views, view]);
}

/** Closes one tab (affix tabs cannot be closed). */
export function closeView(path: string): void {
  set(views.filter((item) => item.affix || item.path !== path));
}

/** Closes every tab but the affix ones and the given one. */
export function closeOtherViews(path: string): void {
  set(views.filter((item) => item.affix || item.path === path));
}

/** Closes every tab but the affix ones. */
export function closeAllViews(): void {
  set(views.filter((item) => item.affix));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open tabs, re-rendering on change. */
export function useVisitedViews(): readonly VisitedView[] {
  return useSyncExternalStore(
    subscribe,
    () => views,
    () => views,
  );
}
