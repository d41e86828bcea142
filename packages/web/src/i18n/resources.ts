import { LANGUAGES, type Language } from '@vigil/contracts';
import { appLocales } from '../app/locales.ts';
import { accountsLocales } from '../features/accounts/locales.ts';
import { addressesLocales } from '../features/addresses/locales.ts';
import { caregiversLocales } from '../features/caregivers/locales.ts';
import { passwordLocales } from '../features/password/locales.ts';
import { platformLocales } from '../features/platform/locales.ts';
import { providersLocales } from '../features/providers/locales.ts';
import { residentsLocales } from '../features/residents/locales.ts';
import { durationLocales } from '../features/shared/durationLocales.ts';
import { sharedLocales } from '../features/shared/locales.ts';
import { shellLocales } from './locales/index.ts';

/**
 * Every locale module of the console, by name: the shell's and each feature's.
 * Pure data: the locale test imports this list, so a module added here is checked.
 */
export const LOCALE_MODULES: Readonly<Record<string, Record<Language, Record<string, string>>>> = {
  shell: shellLocales,
  shared: sharedLocales,
  accounts: accountsLocales,
  providers: providersLocales,
  platform: platformLocales,
  password: passwordLocales,
  addresses: addressesLocales,
  residents: residentsLocales,
  caregivers: caregiversLocales,
  app: appLocales,
  duration: durationLocales,
};

/** i18next resources: one flat `translation` namespace per language. */
export function buildResources(): Record<string, { translation: Record<string, string> }> {
  const resources: Record<string, { translation: Record<string, string> }> = {};
  for (const language of LANGUAGES) {
    const translation: Record<string, string> = {};
    for (const module of Object.values(LOCALE_MODULES)) Object.assign(translation, module[language]);
    resources[language] = { translation };
  }
  return resources;
}
