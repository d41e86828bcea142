import { chineseNumeralsIn } from './chineseNumerals.ts';

/** Where an alarm is and whom it concerns, as the alarm notice carries them (spec 02 §7). */
export interface SpokenAlarm {
  floorArea?: string | null;
  room?: string | null;
  bunk?: string | null;
  userName?: string | null;
}

/** A translator for the sentence templates (react-i18next's `t` bound to the alarms namespace fits). */
export type SentenceTranslator = (key: 'alarms.voice.sentence' | 'alarms.voice.escalated', values: Record<string, string>) => string;

/** True for the Chinese speech languages. */
export function isChineseSpeech(language: string): boolean {
  return language.toLowerCase().startsWith('zh');
}

/**
 * The bed label as it is spoken. Spec 02 §9 says digits in the bed label are read as
 * Chinese numerals; it names no language. Vigil narrows that to Chinese speech: reading
 * "3" as "三" inside an English, Czech or Korean sentence would be wrong.
 */
export function spokenBed(bunk: string, language: string): string {
  return isChineseSpeech(language) ? chineseNumeralsIn(bunk) : bunk;
}

/**
 * A label as it is heard: the separators written in place names ("Building A / 2F", "N204/1",
 * "East | Wing") become a pause instead of being read out as "slash" (issue 25 item 18).
 */
export function spokenLabel(label: string): string {
  return label.replace(/\s*[/\\|·]+\s*/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The place of an alarm as spoken: floor area, room and bed, those that are known. */
export function spokenPlace(alarm: SpokenAlarm, language: string): string {
  const parts = [alarm.floorArea, alarm.room, alarm.bunk ? spokenBed(alarm.bunk, language) : null];
  return parts.map((part) => (part ? spokenLabel(part) : '')).filter(Boolean).join(' ');
}

/** The sentence spoken for an alarm: place, resident and what happened; escalated ones say so first. */
export function spokenText(alarm: SpokenAlarm, what: string, language: string, t: SentenceTranslator, escalated = false): string {
  const who = [spokenPlace(alarm, language), alarm.userName?.trim() ?? ''].filter(Boolean).join(isChineseSpeech(language) ? '，' : ', ');
  const sentence = who ? t('alarms.voice.sentence', { who, what }) : what;
  return escalated ? t('alarms.voice.escalated', { sentence }) : sentence;
}
