import type { Language } from '../../languages.ts';
import { alarmTextsCs } from './cs.ts';
import { alarmTextsDe } from './de.ts';
import { alarmTextsEnUS, type AlarmTextKey, type AlarmTexts } from './en-us.ts';
import { alarmTextsIt } from './it.ts';
import { alarmTextsJa } from './ja.ts';
import { alarmTextsKo } from './ko.ts';
import { alarmTextsZhCN } from './zh-cn.ts';
import { alarmDurationText, fillAlarmText } from './load.ts';

export * from './load.ts';

export type { AlarmTextKey, AlarmTexts };
export { alarmTextsEnUS };

/** Alarm wording per language: the one source for server and console. */
export const ALARM_TEXTS: Record<Language, AlarmTexts> = {
  'zh-cn': alarmTextsZhCN, 'en-us': alarmTextsEnUS, cs: alarmTextsCs, it: alarmTextsIt, ko: alarmTextsKo, de: alarmTextsDe, ja: alarmTextsJa,
};

export function isAlarmTextKey(value: string): value is AlarmTextKey {
  return Object.prototype.hasOwnProperty.call(alarmTextsEnUS, value);
}

/** An alarm text in a language with `{name}` placeholders filled; '' for an unknown key. */
export function formatAlarmText(language: Language, key: string, params: Record<string, string | number> = {}): string {
  if (!isAlarmTextKey(key)) return '';
  return fillAlarmText(ALARM_TEXTS[language][key] ?? alarmTextsEnUS[key], params);
}

/** A duration in seconds as the console shows it (spec 02 §9): minutes with "or more", under a minute as such, hours past a day. */
export function formatAlarmDuration(language: Language, seconds: number | null): string {
  return alarmDurationText(ALARM_TEXTS[language], seconds);
}
