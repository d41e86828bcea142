import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, type Language } from '@vigil/contracts';
import { accountsLocales } from '../accounts/locales.ts';
import { passwordLocales } from '../password/locales.ts';
import { platformLocales } from '../platform/locales.ts';
import { providersLocales } from '../providers/locales.ts';
import { sharedLocales } from './locales.ts';

const modules: Record<string, { prefix: string; locales: Record<Language, Record<string, string>> }> = {
  accounts: { prefix: 'accounts.', locales: accountsLocales },
  providers: { prefix: 'providers.', locales: providersLocales },
  platform: { prefix: 'platform.', locales: platformLocales },
  password: { prefix: 'password.', locales: passwordLocales },
  shared: { prefix: 'validation.', locales: sharedLocales },
};

describe('feature locales', () => {
  for (const [name, { prefix, locales }] of Object.entries(modules)) {
    it(`${name}: every language has the English keys, filled, with the same placeholders`, () => {
      const english = locales['en-us'];
      for (const language of LANGUAGES) {
        const texts = locales[language];
        assert.deepEqual(Object.keys(texts).sort(), Object.keys(english).sort(), `${name} ${language} keys`);
        for (const [key, text] of Object.entries(texts)) {
          assert.ok(key.startsWith(prefix), `${key} should start with ${prefix}`);
          assert.ok(text.trim().length > 0, `${language} ${key} is empty`);
          const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
          assert.deepEqual(placeholders(text), placeholders(english[key]), `${language} ${key} placeholders`);
        }
      }
    });
  }
});
