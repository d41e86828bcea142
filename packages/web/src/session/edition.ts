import { DOMESTIC_LANGUAGES, LANGUAGES, type Edition, type Language } from '@vigil/contracts';
import { useEffect } from 'react';
import { useSystemConfig } from '../api/platform-queries.ts';
import { changeLanguage, useLanguage } from '../i18n/index.ts';

const IS_ABROAD_KEY = 'isAbroad';

/** The overseas flag kept in local storage (spec 01 §3); overseas until the server says otherwise. */
export function readIsAbroad(): boolean {
  return localStorage.getItem(IS_ABROAD_KEY) !== 'false';
}

/** The languages the picker offers in an edition: Simplified Chinese only when domestic. */
export function languagesFor(isAbroad: boolean): readonly Language[] {
  return isAbroad ? LANGUAGES : DOMESTIC_LANGUAGES;
}

/** The edition as last known: the server's answer, else the stored flag. */
export function useEdition(): { edition: Edition; isAbroad: boolean; languages: readonly Language[] } {
  const config = useSystemConfig();
  const isAbroad = config.data ? config.data.edition === 'overseas' : readIsAbroad();
  return { edition: isAbroad ? 'overseas' : 'domestic', isAbroad, languages: languagesFor(isAbroad) };
}

/** Stores the server's edition as `isAbroad` and keeps the language one the edition offers. */
export function useEditionSync(): void {
  const config = useSystemConfig();
  const language = useLanguage();
  const edition = config.data?.edition;
  useEffect(() => {
    if (!edition) return;
    localStorage.setItem(IS_ABROAD_KEY, String(edition === 'overseas'));
    const offered = languagesFor(edition === 'overseas');
    if (!offered.includes(language)) void changeLanguage(offered[0]);
  }, [edition, language]);
}
