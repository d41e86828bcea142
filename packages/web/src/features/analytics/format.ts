import type { ResponseStats } from '@vigil/contracts';
import { alarmKeyText } from '../alarms/alarmText.ts';

/** A share 0–1 as a whole percent in the language ("—" without a value). */
export function percent(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

/** Seconds with at most one decimal in the language ("—" without a value). */
export function secondsText(value: number | null, language: string): string {
  if (value === null) return '—';
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} s`;
}

/** The alert type's short name in the language (the alarm catalogue's wording). */
export function alertTypeName(alertType: string, language: string): string {
  return alarmKeyText(language, `short.${alertType}`) || alertType;
}

/** The release choice's wording in the language. */
export function releaseChoiceName(choice: string | null, language: string): string {
  return choice ? alarmKeyText(language, `release.${choice}`) || choice : '';
}

export type StatsRow = ResponseStats & { key: string };
