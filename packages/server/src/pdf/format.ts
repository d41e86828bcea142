import type { Language } from '@vigil/contracts';

const LOCALES: Record<Language, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US', ko: 'ko-KR', de: 'de-DE', cs: 'cs-CZ', it: 'it-IT', ja: 'ja-JP' };

/** The BCP 47 locale of a language, for Intl number and date formats. */
export function localeOf(language: Language): string {
  return LOCALES[language];
}

/** A number in the language's format, with at most `digits` decimals. */
export function formatNumber(language: Language, value: number, digits = 0): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: digits }).format(value);
}

/** The zone's offset from UTC at the instant, ms (east positive). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const minute = Math.floor(instant / 60_000) * 60_000;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - minute;
}

/** A clock time (HH:mm) in a time zone. */
export function formatClock(language: Language, instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/** A date and time in a time zone. */
export function formatDateTime(language: Language, instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(instant);
}

/** A file name without characters that file systems refuse. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 150);
}
