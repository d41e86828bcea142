import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vigil/contracts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { currentLanguage, storeLanguage } from './language.ts';
import { buildResources } from './resources.ts';
import { loadUiLocale } from './ui-locales.ts';

const initial = currentLanguage();

// Keys are flat literal strings like `shell.topbar.fullscreen`, so no key or
// namespace separators; lowerCaseLng keeps `en-us` from becoming `en-US`.
void i18next.use(initReactI18next).init({
  resources: buildResources(),
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  load: 'currentOnly',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };

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
