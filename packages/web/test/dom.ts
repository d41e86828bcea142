/**
 * A browser-like DOM for component tests in node (happy-dom), and i18next started with
 * every namespace's messages in one language, read from the locale files.
 * Import it first in a `*.test.tsx` file.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

GlobalRegistrator.register({ url: 'http://localhost/' });

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** `i18n/locales` is the shell's namespace; `features/<name>/locales` is `<name>` (care-shared is `care`). */
function namespaceOf(folder: string): string {
  if (folder === join(SRC, 'i18n', 'locales')) return 'shell';
  const feature = folder.split('/').at(-2) ?? '';
  return feature === 'care-shared' ? 'care' : feature;
}

function localeFolders(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const path = join(directory, entry.name);
    return entry.name === 'locales' ? [path] : localeFolders(path);
  });
}

/** Starts the console's i18next (ICU, same options) with every namespace of `language` already loaded. */
export async function startI18n(language = 'en-us'): Promise<void> {
  // Queries that wait (findBy…, waitFor) get 8 s: a loaded CI machine renders antd slowly.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 8000 });
  const { i18next } = await import('../src/i18n/index.ts');
  localStorage.setItem('language', language);
  const { initI18n } = await import('../src/i18n/index.ts');
  await initI18n([]);
  const { loadContractTexts } = await import('../src/i18n/contract-texts.ts');
  await loadContractTexts(language as Parameters<typeof loadContractTexts>[0]);
  for (const folder of localeFolders(SRC)) {
    i18next.addResourceBundle(language, namespaceOf(folder), JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8')), true, true);
  }
}

