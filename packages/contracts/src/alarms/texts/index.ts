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

/**
 * What an alarm text says in place of an empty address (a device bound to no room) or an empty
 * resident name where the name is the sentence's subject: never "The door at was opened."
 */
export const ALARM_TEXT_FALLBACKS: Record<Language, { addr: string; userName: string }> = {
  'en-us': { addr: '[no room set]', userName: '[no resident]' },
  'zh-cn': { addr: '[未设置房间]', userName: '[未绑定老人]' },
  cs: { addr: '[bez místnosti]', userName: '[bez klienta]' },
  it: { addr: '[nessuna stanza]', userName: '[nessun ospite]' },
  ko: { addr: '[방 미지정]', userName: '[입소자 미지정]' },
  de: { addr: '[kein Raum]', userName: '[kein Bewohner]' },
  ja: { addr: '[部屋未設定]', userName: '[入居者未設定]' },
};

/** An alarm text in a language with `{name}` placeholders filled; '' for an unknown key. */
export function formatAlarmText(language: Language, key: string, params: Record<string, string | number> = {}): string {
  if (!isAlarmTextKey(key)) return '';
  const template = ALARM_TEXTS[language][key] ?? alarmTextsEnUS[key];
  const fallback = ALARM_TEXT_FALLBACKS[language];
  const filled = { ...params };
  if (template.includes('{addr}') && String(params.addr ?? '').trim() === '') filled.addr = fallback.addr;
  // "{userName} ({addr}) …": the name is the subject and must be there; "… at {addr} {userName} …" simply drops it.
  if (/\{userName\}\s*[(（]/.test(template) && String(params.userName ?? '').trim() === '') filled.userName = fallback.userName;
  return fillAlarmText(template, filled);
}

/** A duration in seconds as the console shows it (spec 02 §9): minutes with "or more", under a minute as such, hours past a day. */
export function formatAlarmDuration(language: Language, seconds: number | null): string {
  return alarmDurationText(ALARM_TEXTS[language], seconds);
}
