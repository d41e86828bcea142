import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vigil/contracts';

const LANGUAGE_KEY = 'language';

/** The stored interface language (local storage key `language`), en-us by default. */
export function currentLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return LANGUAGES.find((lang) => lang === stored) ?? DEFAULT_LANGUAGE;
}

/** Remembers the interface language. */
export function storeLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
}
