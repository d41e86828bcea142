import type { Language } from '@vigil/contracts';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import { loadContractTexts } from './contract-texts.ts';

// Each language's antd and dayjs locale is its own chunk, fetched when that language
// is first used, so a console in one language never downloads the other six.
// en-us is antd's and dayjs's built-in default and costs nothing.

/** antd's locale module for each other interface language. */
const ANTD_LOCALE_LOADERS: Record<Exclude<Language, 'en-us'>, () => Promise<{ default: Locale }>> = {
  'zh-cn': () => import('antd/es/locale/zh_CN'),
  ko: () => import('antd/es/locale/ko_KR'),
  de: () => import('antd/es/locale/de_DE'),
  cs: () => import('antd/es/locale/cs_CZ'),
  it: () => import('antd/es/locale/it_IT'),
  ja: () => import('antd/es/locale/ja_JP'),
};

/** Registers dayjs's locale for each other interface language. */
const DAYJS_LOCALE_LOADERS: Record<Exclude<Language, 'en-us'>, () => Promise<unknown>> = {
  'zh-cn': () => import('dayjs/locale/zh-cn'),
  ko: () => import('dayjs/locale/ko'),
  de: () => import('dayjs/locale/de'),
  cs: () => import('dayjs/locale/cs'),
  it: () => import('dayjs/locale/it'),
  ja: () => import('dayjs/locale/ja'),
};

/** dayjs's locale name for each interface language. */
const DAYJS_LOCALES: Record<Language, string> = {
  'zh-cn': 'zh-cn',
  'en-us': 'en',
  ko: 'ko',
  de: 'de',
  cs: 'cs',
  it: 'it',
  ja: 'ja',
};

const loadedAntdLocales = new Map<Language, Locale>([['en-us', enUS]]);

/**
 * Loads antd's and dayjs's locale and the contract's messages and alarm wording for a
 * language (once each) and makes it dayjs's global locale. A locale that fails to load
 * leaves English in place rather than blocking the console.
 */
export async function loadUiLocale(language: Language): Promise<void> {
  await Promise.all([loadLibraryLocales(language), loadContractTexts(language).catch(() => undefined)]);
}

async function loadLibraryLocales(language: Language): Promise<void> {
  if (language !== 'en-us' && !loadedAntdLocales.has(language)) {
    try {
      const [antd] = await Promise.all([ANTD_LOCALE_LOADERS[language](), DAYJS_LOCALE_LOADERS[language]()]);
      loadedAntdLocales.set(language, antd.default);
    } catch {
      return;
    }
  }
  dayjs.locale(DAYJS_LOCALES[language]);
}

/** antd's locale for a language once loadUiLocale has loaded it; English until then. */
export function antdLocale(language: Language): Locale {
  return loadedAntdLocales.get(language) ?? enUS;
}
