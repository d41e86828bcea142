import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/**
 * The console's locale namespaces and their English messages, one entry per namespace.
 * Each owner (the shell, each feature) adds its own entry beside its locale files
 * (`declare module '…/i18n/namespaces.ts' { interface Namespaces { … } }`), so a typo
 * in a key fails the compiler and a new feature edits no shared file.
 */
export interface Namespaces {}

/** Loads one language's messages: what `import.meta.glob('./locales/*.json', { import: 'default' })` yields per file. */
export type LocaleLoader = () => Promise<unknown>;

const loadersByNamespace = new Map<string, Map<string, LocaleLoader>>();

/** `./locales/en-us.json` → `en-us`. */
function languageOf(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.json$/, '');
}

/**
 * Registers a namespace's locale files (one JSON file per language, found by
 * `import.meta.glob`); only the active language's file is ever fetched. Returns the name.
 */
export function registerNamespace<Name extends string>(name: Name, files: Record<string, LocaleLoader>): Name {
  loadersByNamespace.set(name, new Map(Object.entries(files).map(([path, load]) => [languageOf(path), load])));
  return name;
}

/** Every namespace registered so far: those of the code loaded so far. */
export function registeredNamespaces(): string[] {
  return [...loadersByNamespace.keys()];
}

function isMessages(value: unknown): value is ResourceKey {
  return typeof value === 'object' && value !== null;
}

/** The i18next backend that reads registered namespaces by dynamic import. */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loadersByNamespace.get(namespace)?.get(language);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (messages) => callback(null, isMessages(messages) ? messages : {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    /** Every screen may use the shell's and the shared validation strings without naming them. */
    fallbackNS: ['shell', 'shared'];
    resources: Namespaces;
    keySeparator: false;
    nsSeparator: false;
  }
}

/** A key of one namespace, for tables of keys (labels by value) that `t` then reads. */
export type KeyOf<Name extends keyof Namespaces> = keyof Namespaces[Name] & string;
