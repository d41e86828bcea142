import type { QueryClient } from '@tanstack/react-query';
import { PLATFORM_QUERY_ROOT } from '../../api/platform-queries.ts';

/** Local-storage keys of the settings state (spec 01 §3). */
const PLATFORM_NAME_KEY = 'platName';
const LOGO_URL_KEY = 'logoUrl';

/**
 * Stores the platform name and shows it in the page title at once. The shell titles
 * pages "<page> - <platform name>", so only that suffix is swapped when it is there.
 */
export function applyPlatformName(name: string): void {
  const previous = localStorage.getItem(PLATFORM_NAME_KEY);
  localStorage.setItem(PLATFORM_NAME_KEY, name);
  const suffix = previous ? ` - ${previous}` : null;
  document.title = suffix && document.title.endsWith(suffix) ? document.title.slice(0, -suffix.length) + ` - ${name}` : name;
}

/** Stores the logo URL and shows it as the page icon; an empty URL restores the page's original icon. */
export function applyLogo(logoUrl: string): void {
  localStorage.setItem(LOGO_URL_KEY, logoUrl);
  let link = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  // Remember the icon the page shipped with, so "restore default logo" can put it back.
  if (link.dataset.defaultHref === undefined) link.dataset.defaultHref = link.getAttribute('href') ?? '';
  const href = logoUrl || link.dataset.defaultHref;
  if (href) link.setAttribute('href', href);
  else link.removeAttribute('href');
  if (logoUrl) link.type = 'image/png';
}

/** Refetches every platform-wide read (the shell's name, setting and logo queries). */
export async function invalidatePlatformQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PLATFORM_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: ['platformSetting'] }),
    queryClient.invalidateQueries({ queryKey: ['platformName'] }),
  ]);
}
