import { formatAlarmDuration, formatAlarmText, LANGUAGES, DEFAULT_LANGUAGE, type AlarmRecord, type Language } from '@vigil/contracts';

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
