import { test } from 'node:test';
import assert from 'node:assert/strict';
// Pure data modules only: this test runs in Node without React or antd.
import { LOCALE_MODULES } from './resources.ts';

const LANGUAGES = ['zh-cn', 'en-us', 'ko', 'de', 'cs', 'it', 'ja'];

const MODULES: Readonly<Record<string, Record<string, Record<string, string>>>> = LOCALE_MODULES;

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
}

for (const [name, module] of Object.entries(MODULES)) {
  test(`${name} locales cover all seven languages`, () => {
    assert.deepEqual(Object.keys(module).sort(), [...LANGUAGES].sort());
  });

  test(`${name} locales: every en-us key is present and non-empty in every language`, () => {
    const reference = module['en-us'];
    assert.ok(Object.keys(reference).length > 0, 'en-us has no keys');
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const messages = module[language] ?? {};
      for (const key of Object.keys(reference)) {
        const text = messages[key];
        if (typeof text !== 'string') problems.push(`${language}: missing ${key}`);
        else if (!text.trim()) problems.push(`${language}: empty ${key}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test(`${name} locales: translations keep the en-us placeholders`, () => {
    const reference = module['en-us'];
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const [key, english] of Object.entries(reference)) {
        const text = module[language]?.[key];
        if (typeof text === 'string' && placeholders(text).join() !== placeholders(english).join()) {
          problems.push(`${language}: ${key} has {{${placeholders(text).join(', ')}}}, en-us has {{${placeholders(english).join(', ')}}}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('a key is not defined by two locale modules', () => {
  const owners = new Map<string, string>();
  const clashes: string[] = [];
  for (const [name, module] of Object.entries(MODULES)) {
    for (const key of Object.keys(module['en-us'])) {
      const owner = owners.get(key);
      if (owner) clashes.push(`${key}: ${owner} and ${name}`);
      else owners.set(key, name);
    }
  }
  assert.deepEqual(clashes, []);
});
