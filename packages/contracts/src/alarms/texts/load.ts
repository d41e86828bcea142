import type { Language } from '../../languages.ts';
import type { AlarmTexts } from './en-us.ts';

/**
 * Each language's alarm wording as its own module, imported on demand: a console loads
 * only the operator's language (the server reads `ALARM_TEXTS`, which holds all seven).
 */
export const ALARM_TEXT_LOADERS: Record<Language, () => Promise<AlarmTexts>> = {
  'zh-cn': () => import('./zh-cn.ts').then((m) => m.alarmTextsZhCN),
  'en-us': () => import('./en-us.ts').then((m) => m.alarmTextsEnUS),
  ko: () => import('./ko.ts').then((m) => m.alarmTextsKo),
  de: () => import('./de.ts').then((m) => m.alarmTextsDe),
  cs: () => import('./cs.ts').then((m) => m.alarmTextsCs),
  it: () => import('./it.ts').then((m) => m.alarmTextsIt),
  ja: () => import('./ja.ts').then((m) => m.alarmTextsJa),
};

/** An alarm template with `{name}` placeholders filled and the gaps left by empty ones closed. */
export function fillAlarmText(template: string, params: Record<string, string | number> = {}): string {
  return template
    .replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:)])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .trim();
}

/** A duration in seconds as alarm wording (spec 02 §9), read from one language's texts. */
export function alarmDurationText(texts: AlarmTexts, seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return fillAlarmText(texts['duration.lessThanMinute']);
  const minutes = Math.floor(seconds / 60);
  if (minutes > 1440) return fillAlarmText(texts['duration.hours'], { hours: Math.floor(minutes / 60) });
  return fillAlarmText(texts['duration.minutes'], { minutes });
}
