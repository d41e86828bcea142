import type messages from './locales/en-us.json';
import { registerNamespace } from '../../i18n/namespaces.ts';

/** This feature's strings: `./locales/<language>.json`, loaded for the active language only. */
export const ESCALATION_NS = registerNamespace('escalation', import.meta.glob('./locales/*.json', { import: 'default' }));

declare module '../../i18n/namespaces.ts' {
  interface Namespaces {
    escalation: typeof messages;
  }
}
