import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vigil/contracts';
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next, useTranslation } from 'react-i18next';
import { currentLanguage, storeLanguage } from './language.ts';
import { localeBackend, registeredNamespaces } from './namespaces.ts';
import { loadUiLocale } from './ui-locales.ts';

/**
 * Starts i18next in the stored language with the given namespaces loaded first.
 * Messages are ICU MessageFormat (`{name}`, `{count, plural, one {…} other {…}}`);
 * every other namespace loads when a screen first asks for it (Suspense).
 */
export async function initI18n(preload: readonly string[]): Promise<void> {
  const initial = currentLanguage();
  // Keys are flat literal strings like `shell.topbar.fullscreen`, so no key or
  // namespace separators; lowerCaseLng keeps `en-us` from becoming `en-US`.
  await i18next
    .use(localeBackend)
    .use(ICU)
    .use(initReactI18next)
    .init({
      lng: initial,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: [...preload],
      defaultNS: 'shell',
      fallbackNS: ['shell', 'shared'],
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
}

export { i18next };

/**
 * Loads, side by side, the active language's messages of every namespace whose code is loaded
 * (a namespace registers when its feature's module runs). Called once the opening screen's code
 * is in, so the shell and the screen do not each suspend in turn on their own strings, one
 * fetch after the other. Never rejects: a namespace that failed loads again on render.
 */
export async function loadRegisteredNamespaces(): Promise<void> {
  await i18next.loadNamespaces(registeredNamespaces()).catch(() => undefined);
}

/** Narrows i18next's language string to one of ours. */
export function toLanguage(value: string | undefined): Language {
  return LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;
}

/** Switches the interface language: stores it (sent as Accept-Language), loads antd's and dayjs's locale, re-renders. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await loadUiLocale(language);
  await i18next.changeLanguage(language);
}

/** The current interface language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language);
}
