import type messages from './locales/en-us.json';
import { registerNamespace } from '../../i18n/namespaces.ts';

/** Strings of the device pieces every device screen shares: `./locales/<language>.json`. */
export const DEVICES_SHARED_NS = registerNamespace('devices-shared', import.meta.glob('./locales/*.json', { import: 'default' }));

declare module '../../i18n/namespaces.ts' {
  interface Namespaces {
    'devices-shared': typeof messages;
  }
}
