import type messages from './locales/en-us.json';
import { registerNamespace } from '../../i18n/namespaces.ts';

/** This feature's strings (device management and original data): `./locales/<language>.json`. */
export const DEVICES_NS = registerNamespace('devices', import.meta.glob('./locales/*.json', { import: 'default' }));

declare module '../../i18n/namespaces.ts' {
  interface Namespaces {
    devices: typeof messages;
  }
}
