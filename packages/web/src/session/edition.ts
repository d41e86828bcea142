import { DEFAULT_LANGUAGE, DOMESTIC_LANGUAGES, OVERSEAS_LANGUAGES, type Edition, type Language } from '@vigil/contracts';
import { useEffect } from 'react';
import { useSystemConfig } from '../api/platform-queries.ts';
import { setDisplayTimeZone } from '../features/shared/timeZone.ts';
import { changeLanguage, useLanguage } from '../i18n/index.ts';

const IS_ABROAD_KEY = 'isAbroad';

/** The overseas flag kept in local storage (spec 01 §3); overseas until the server says otherwise. */
export function readIsAbroad(): boolean {
  return localStorage.getItem(IS_ABROAD_KEY) !== 'false';
}

/** The languages the picker offers in an edition: Simplified Chinese only when domestic; five overseas (spec 01 §1). */
export function languagesFor(isAbroad: boolean): readonly Language[] {
  return isAbroad ? OVERSEAS_LANGUAGES : DOMESTIC_LANGUAGES;
}

/** The language to show in an edition: the chosen one when offered, else English when offered, else the first offered. */
export function offeredLanguage(language: Language, offered: readonly Language[]): Language {
  if (offered.includes(language)) return language;
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : offered[0];
}

/** The edition as last known: the server's answer, else the stored flag. */
export function useEdition(): { edition: Edition; isAbroad: boolean; languages: readonly Language[] } {
  const config = useSystemConfig();
  const isAbroad = config.data ? config.data.edition === 'overseas' : readIsAbroad();
  return { edition: isAbroad ? 'overseas' : 'domestic', isAbroad, languages: languagesFor(isAbroad) };
}

/** Stores the server's edition as `isAbroad`, keeps the language one the edition offers, shows times in the platform's zone. */
export function useEditionSync(): void {
  const config = useSystemConfig();
  const language = useLanguage();
  const edition = config.data?.edition;
  const timeZone = config.data?.timeZone;
  useEffect(() => {
    if (timeZone) setDisplayTimeZone(timeZone);
  }, [timeZone]);
  useEffect(() => {
    if (!edition) return;
    localStorage.setItem(IS_ABROAD_KEY, String(edition === 'overseas'));
    const shown = offeredLanguage(language, languagesFor(edition === 'overseas'));
    if (shown !== language) void changeLanguage(shown);
  }, [edition, language]);
}
