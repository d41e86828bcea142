import type { Language } from '@vigil/contracts';
import { cs } from './cs.ts';
import { de } from './de.ts';
import { enUS, type ShellMessages } from './en-us.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { zhCN } from './zh-cn.ts';

export type { ShellKey, ShellMessages } from './en-us.ts';

/** The shell's strings in every language. */
export const shellLocales: Record<Language, ShellMessages> = { 'zh-cn': zhCN, 'en-us': enUS, ko, de, cs, it, ja };
