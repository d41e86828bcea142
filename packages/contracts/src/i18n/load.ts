import type { Language } from '../languages.ts';
import type { MessageKey, Messages } from './en-us.ts';

/**
 * Each language's messages as its own module, imported on demand: a console loads only
 * its interface language (the server reads `MESSAGES`, which holds all seven).
 */
export const MESSAGE_LOADERS: Record<Language, () => Promise<Messages>> = {
  'zh-cn': () => import('./zh-cn.ts').then((m) => m.zhCN),
  'en-us': () => import('./en-us.ts').then((m) => m.enUS),
  ko: () => import('./ko.ts').then((m) => m.ko),
  de: () => import('./de.ts').then((m) => m.de),
  cs: () => import('./cs.ts').then((m) => m.cs),
  it: () => import('./it.ts').then((m) => m.it),
  ja: () => import('./ja.ts').then((m) => m.ja),
};

/** A message template with its `{name}` placeholders filled (unknown names stay as written). */
export function fillMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** True when `value` is a key of a loaded messages table (every language has every key). */
export function isMessageKeyOf(messages: Messages, value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, value);
}
