import type messages from './locales/en-us.json';
import { registerNamespace } from './namespaces.ts';

/** The shell's own strings (layout, login, route titles): `src/i18n/locales/<language>.json`. */
export const SHELL_NS = registerNamespace('shell', import.meta.glob('./locales/*.json', { import: 'default' }));

declare module './namespaces.ts' {
  interface Namespaces {
    shell: typeof messages;
  }
}
