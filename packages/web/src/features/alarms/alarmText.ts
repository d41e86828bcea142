import { alarmDurationText, fillAlarmText, LANGUAGES, DEFAULT_LANGUAGE, type AlarmRecord, type AlarmTexts, type FollowUp, type Language, type ReleaseChoice } from '@vigil/contracts';
import { alarmTextsOf } from '../../i18n/contract-texts.ts';

// The wording of the operator's language only: it loads with the interface language (loadUiLocale).

/** An alarm text in a language with `{name}` placeholders filled; '' for an unknown key. */
function formatAlarmText(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = (alarmTextsOf(language) as Partial<Record<string, string>>)[key];
  return template === undefined ? '' : fillAlarmText(template, params);
}

/**
 * An alarm-catalogue text by key in the console language ('' for an unknown key), from the
 * wording of that language only: features import this, never contracts' formatAlarmText, which
 * bundles all seven languages (e2e/specs/bundle-budget.spec.ts).
 */
export function alarmKeyText(language: string, key: string, params: Record<string, string | number> = {}): string {
  return formatAlarmText(asLanguage(language), key, params);
}

function formatAlarmDuration(language: Language, seconds: number | null): string {
  const texts = alarmTextsOf(language);
  return 'duration.minutes' in texts ? alarmDurationText(texts as AlarmTexts, seconds) : '';
}

/** The console language as a contracts Language (en-us for anything unknown). */
export function asLanguage(value: string): Language {
  return LANGUAGES.find((language) => language === value.toLowerCase()) ?? DEFAULT_LANGUAGE;
}

function params(alarm: AlarmRecord, language: Language): Record<string, string> {
  return { userName: alarm.userName, addr: alarm.address, duration: formatAlarmDuration(language, alarm.duration) };
}

/** The alarm's long text in the console language (the server's `text` was made in the socket's language). */
export function longText(alarm: AlarmRecord, language: string): string {
  const lang = asLanguage(language);
  return formatAlarmText(lang, alarm.longKey, params(alarm, lang)) || alarm.text;
}

export function shortText(alarm: AlarmRecord, language: string): string {
  const lang = asLanguage(language);
  return formatAlarmText(lang, alarm.shortKey, params(alarm, lang)) || alarm.alertType;
}

export function promptText(alarm: AlarmRecord, language: string): string {
  return alarm.promptKey ? formatAlarmText(asLanguage(language), alarm.promptKey) : '';
}

/** What a relieved alarm shows instead of the handler button (a lifted fall: "Fall alarm cancelled"). */
export function removeText(alarm: AlarmRecord, language: string): string {
  return alarm.removeKey ? formatAlarmText(asLanguage(language), alarm.removeKey) : formatAlarmText(asLanguage(language), 'remove.generic');
}

/**
 * A §3 release choice in the console language: the alarm catalogue's wording, the one the
 * caregiver app, the export and the analytics show too (issue 25 item 18: they differed).
 */
export function releaseChoiceText(choice: ReleaseChoice, language: string): string {
  return formatAlarmText(asLanguage(language), `release.${choice}`) || choice;
}

/** A §3 follow-up option in the console language, the catalogue's wording as in the app. */
export function followUpText(option: FollowUp, language: string): string {
  return formatAlarmText(asLanguage(language), `followUp.${option}`) || option;
}
