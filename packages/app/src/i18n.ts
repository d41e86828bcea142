import { DEFAULT_LANGUAGE, DOMESTIC_LANGUAGES, LANGUAGES, OVERSEAS_LANGUAGES, type Edition, type Language } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import english from './locales/en-us.json';

/** The app's strings, in the console's 7 languages (English built in, the others loaded when chosen). */
export type MessageKey = keyof typeof english;
type Messages = Record<MessageKey, string>;

const STORAGE_KEY = 'vigil-app-language';
/** The platform's edition as last answered (/system/querySystemConfig), so the app starts offline with the right languages. */
const EDITION_KEY = 'vigil-app-edition';
const loaders: Record<Exclude<Language, 'en-us'>, () => Promise<{ default: Partial<Messages> }>> = {
  'zh-cn': () => import('./locales/zh-cn.json'),
  ko: () => import('./locales/ko.json'),
  de: () => import('./locales/de.json'),
  cs: () => import('./locales/cs.json'),
  it: () => import('./locales/it.json'),
  ja: () => import('./locales/ja.json'),
};

/** HTML lang values of the app's languages. */
export const HTML_LANG: Record<Language, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en', ko: 'ko', de: 'de', cs: 'cs', it: 'it', ja: 'ja' };
/** Each language named in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-cn': '简体中文', 'en-us': 'English', ko: '한국어', de: 'Deutsch', cs: 'Čeština', it: 'Italiano', ja: '日本語' };

/** The languages of an edition, as the console offers them (spec 01 §1): Simplified Chinese only when domestic, five overseas. */
export function languagesOf(edition: Edition): readonly Language[] {
  return edition === 'domestic' ? DOMESTIC_LANGUAGES : OVERSEAS_LANGUAGES;
}

/** The language to show: the wanted one when offered, else English when offered, else the first offered. */
export function offeredLanguage(wanted: Language, offered: readonly Language[]): Language {
  if (offered.includes(wanted)) return wanted;
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : offered[0];
}

function storedEdition(): Edition {
  return localStorage.getItem(EDITION_KEY) === 'domestic' ? 'domestic' : 'overseas';
}

let offered: readonly Language[] = OVERSEAS_LANGUAGES;
let language: Language = DEFAULT_LANGUAGE;
let messages: Partial<Messages> = english;
const listeners = new Set<() => void>();

/** The stored choice, else the phone's language when the app has it, else English. */
function initialLanguage(): Language {
  offered = languagesOf(storedEdition());
  const stored = localStorage.getItem(STORAGE_KEY);
  const found = LANGUAGES.find((lang) => lang === stored);
  if (found) return offeredLanguage(found, offered);
  const phone = (navigator.language || '').toLowerCase();
  if (phone.startsWith('zh')) return offeredLanguage('zh-cn', offered);
  return offeredLanguage(LANGUAGES.find((lang) => lang === phone.slice(0, 2)) ?? DEFAULT_LANGUAGE, offered);
}

/** The languages the picker offers: those of the platform's edition. */
export function offeredLanguages(): readonly Language[] {
  return offered;
}

/** Takes the server's edition: the picker offers its languages, and a language it does not offer gives way. */
export async function applyEdition(edition: Edition): Promise<void> {
  localStorage.setItem(EDITION_KEY, edition);
  offered = languagesOf(edition);
  const shown = offeredLanguage(language, offered);
  if (shown !== language) await setLanguage(shown, false);
  else for (const listener of listeners) listener();
}

export function currentLanguage(): Language {
  return language;
}

export async function setLanguage(next: Language, remember = true): Promise<void> {
  messages = next === 'en-us' ? english : (await loaders[next]()).default;
  language = next;
  if (remember) localStorage.setItem(STORAGE_KEY, next);
  document.documentElement.lang = HTML_LANG[next];
  for (const listener of listeners) listener();
}

export function initLanguage(): Promise<void> {
  return setLanguage(initialLanguage(), false);
}

/** Fills `{name}` and `{name, plural, one {…} other {…}}` from params. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  const plural = new Intl.PluralRules(HTML_LANG[language]);
  return template
    .replace(/\{(\w+), plural, ((?:\w+ \{[^}]*\}\s*)+)\}/g, (_match, name: string, cases: string) => {
      const value = Number(params[name] ?? 0);
      const options = new Map([...cases.matchAll(/(\w+) \{([^}]*)\}/g)].map((found) => [found[1], found[2]]));
      const chosen = options.get(`=${value}`) ?? options.get(plural.select(value)) ?? options.get('other') ?? '';
      return chosen.replace(/#/g, String(value));
    })
    .replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return format(messages[key] ?? english[key] ?? key, params);
}

/** Re-renders on a language change and returns the translator. */
export function useT(): typeof t {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => `${language} ${offered.join(',')}`,
    () => `${language} ${offered.join(',')}`,
  );
  return t;
}
