import type { Language } from '../languages.ts';
import { cs } from './cs.ts';
import { de } from './de.ts';
import { enUS, type MessageKey, type Messages } from './en-us.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { zhCN } from './zh-cn.ts';
import { renderMessage } from './message-limits.ts';

export * from './load.ts';
export * from './message-limits.ts';

export type { MessageKey, Messages };

export const MESSAGES: Record<Language, Messages> = { 'zh-cn': zhCN, 'en-us': enUS, ko, de, cs, it, ja };

/** True when the text is one of the message keys. */
export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(enUS, value);
}

/** The message for a key in a language, with `{name}` placeholders filled (limits from MESSAGE_LIMITS). */
export function formatMessage(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return renderMessage(language, key, MESSAGES[language][key] ?? enUS[key], params);
}
