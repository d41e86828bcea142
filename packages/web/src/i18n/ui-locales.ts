import type { Language } from '@vigil/contracts';
import type { Locale } from 'antd/es/locale';
import csCZ from 'antd/locale/cs_CZ';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import itIT from 'antd/locale/it_IT';
import jaJP from 'antd/locale/ja_JP';
import koKR from 'antd/locale/ko_KR';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/cs';
import 'dayjs/locale/de';
import 'dayjs/locale/it';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';

/** antd's locale for each interface language. */
export const ANTD_LOCALES: Record<Language, Locale> = {
  'zh-cn': zhCN,
  'en-us': enUS,
  ko: koKR,
  de: deDE,
  cs: csCZ,
  it: itIT,
  ja: jaJP,
};

/** dayjs's locale name for each interface language (the imports above register them). */
export const DAYJS_LOCALES: Record<Language, string> = {
  'zh-cn': 'zh-cn',
  'en-us': 'en',
  ko: 'ko',
  de: 'de',
  cs: 'cs',
  it: 'it',
  ja: 'ja',
};
