import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import english from './locales/en-us.json';

/** The app's strings, in the console's 7 languages (English built in, the others loaded when chosen). */
export type MessageKey = keyof typeof english;
type Messages = Record<MessageKey, string>;

const STORAGE_KEY = 'vigil-app-language';
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

let language: Language = DEFAULT_LANGUAGE;
let messages: Partial<Messages> = english;
const listeners = new Set<() => void>();

/** The stored choice, else the phone's language when the app has it, else English. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  const found = LANGUAGES.find((lang) => lang === stored);
  if (found) return found;
  const phone = (navigator.language || '').toLowerCase();
  if (phone.startsWith('zh')) return 'zh-cn';
  return LANGUAGES.find((lang) => lang === phone.slice(0, 2)) ?? DEFAULT_LANGUAGE;
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
    () => language,
    () => language,
  );
  return t;
}
