import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FormRule } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, loginNameSchema, providerCodeSchema } from '@vigil/contracts';
import { matchRule, newPasswordRules } from './passwordRules.ts';
import { sharedLocales } from './locales.ts';
import { zodRule } from './zodRule.ts';

async function translator(language: string): Promise<TFunction> {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: sharedLocales[lang] }]));
  await instance.init({ resources, lng: language, lowerCaseLng: true, keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance.t;
}

/** Runs one antd rule the way Form does; resolves with the error text, or null when valid. */
async function check(rule: FormRule, value: unknown): Promise<string | null> {
  if (typeof rule === 'function') throw new Error('expected a plain rule object');
  try {
    await rule.validator?.(rule, value, () => {});
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('zodRule', () => {
  it('shows the contract message key translated', async () => {
    const t = await translator('en-us');
    const rule = zodRule(loginNameSchema, t, { field: 'Login account' });
    assert.equal(await check(rule, 'abc'), 'Login account must be within 6~64 characters (letters or digits).');
    assert.equal(await check(rule, 'carehome01'), null);
  });

  it('fills the field label into the required message, in the chosen language', async () => {
    const t = await translator('de');
    assert.equal(await check(zodRule(loginNameSchema, t, { field: 'Anmeldekonto' }), undefined), 'Anmeldekonto ist erforderlich.');
  });

  it('lets an optional field stay empty but still checks what is typed', async () => {
    const t = await translator('en-us');
    const rule = zodRule(providerCodeSchema, t, { field: 'Provider number', optional: true });
    assert.equal(await check(rule, ''), null);
    assert.equal(await check(rule, 'no spaces'), 'Provider number is not valid.');
  });
});

describe('password rules', () => {
  it('refuses a badly formed password, then a weak one', async () => {
    const t = await translator('en-us');
    const rules = newPasswordRules(t, 'Password');
    assert.match((await check(rules[0], 'short')) ?? '', /8~16 characters/);
    assert.equal(await check(rules[0], 'Admin@123'), null);
    assert.match((await check(rules[1], 'Admin@123')) ?? '', /security level low/);
    assert.equal(await check(rules[1], 'Night#Shift42'), null);
  });

  it('asks the confirmation to match the password', async () => {
    const t = await translator('en-us');
    const rule = matchRule(t, 'Confirm password', () => 'Night#Shift42');
    assert.equal(await check(rule, 'Night#Shift43'), 'Inconsistent passwords.');
    assert.equal(await check(rule, 'Night#Shift42'), null);
    assert.equal(await check(rule, ''), 'Confirm password is required.');
  });
});
