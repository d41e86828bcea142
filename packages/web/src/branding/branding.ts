import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const PLAT_NAME_KEY = 'platName';
const LOGO_URL_KEY = 'logoUrl';
/** The logo shipped with the console, used while no custom logo is set. */
export const DEFAULT_LOGO_URL = '/logo.svg';
const DEFAULT_FAVICON_URL = '/favicon.svg';

/** The platform name last seen (local storage `platName`), or null. */
export function storedPlatformName(): string | null {
  return localStorage.getItem(PLAT_NAME_KEY);
}

/**
 * Remembers the platform name and logo (spec 01 §3: platName and logoUrl in local
 * storage) and points the page icon at the logo.
 */
export function useBrandingSync(name: string | undefined, logoUrl: string | undefined): void {
  useEffect(() => {
    if (name) localStorage.setItem(PLAT_NAME_KEY, name);
  }, [name]);
  useEffect(() => {
    if (logoUrl === undefined) return;
    localStorage.setItem(LOGO_URL_KEY, logoUrl);
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = logoUrl || DEFAULT_FAVICON_URL;
  }, [logoUrl]);
}

/** Sets the document title to "<page> - <platform name>". */
export function useDocumentTitle(pageTitle: string, platformName?: string): void {
  const { t } = useTranslation();
  const name = platformName || storedPlatformName() || t('shell.app.defaultName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${name}` : name;
  }, [pageTitle, name]);
}
