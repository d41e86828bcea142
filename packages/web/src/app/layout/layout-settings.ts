import { useSyncExternalStore } from 'react';

/**
 * The interface settings of spec 01 §3, each kept in local storage under its own key
 * once changed: showSettings (the settings panel is open), tagsView (the tab bar shows),
 * fixedHeader (the top bar stays in view), sidebarLogo (the sidebar shows the logo).
 */
export interface LayoutSettings {
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = { showSettings: false, tagsView: true, fixedHeader: true, sidebarLogo: true };

const KEYS = ['showSettings', 'tagsView', 'fixedHeader', 'sidebarLogo'] as const;

/** The settings as stored: "true"/"false" under each key, the default for anything else. */
export function readLayoutSettings(storage: Pick<Storage, 'getItem'>): LayoutSettings {
  const settings = { ...DEFAULT_LAYOUT_SETTINGS };
  for (const key of KEYS) {
    const stored = storage.getItem(key);
    if (stored === 'true' || stored === 'false') settings[key] = stored === 'true';
  }
  return settings;
}

let current: LayoutSettings | null = null;
const listeners = new Set<() => void>();

function snapshot(): LayoutSettings {
  current ??= readLayoutSettings(localStorage);
  return current;
}

/** Changes one setting and keeps it in local storage. */
export function changeLayoutSetting(key: keyof LayoutSettings, value: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(key, String(value));
  current = { ...snapshot(), [key]: value };
  for (const listener of listeners) listener();
}

/** The interface settings, re-rendering when one changes. */
export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    snapshot,
  );
}
