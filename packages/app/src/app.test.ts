import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { LANGUAGES, UPDATE_PROMPT_HIDE_MS } from '@vigil/contracts';

/** A Map-backed localStorage for node (the update prompt remembers hidden versions there). */
function installStorage(): void {
  const data = new Map<string, string>();
  (globalThis as unknown as { localStorage: Storage }).localStorage = {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const LOCALES = path.join(import.meta.dirname, 'locales');
const read = (language: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, `${language}.json`), 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();

describe('app languages', () => {
  test('every language has every key, with the same placeholders', () => {
    const english = read('en-us');
    for (const language of LANGUAGES) {
      const messages = read(language);
      assert.deepEqual(Object.keys(messages).sort(), Object.keys(english).sort(), language);
      for (const [key, text] of Object.entries(english)) {
        assert.ok(messages[key].trim().length > 0, `${language} ${key} empty`);
        assert.deepEqual([...new Set(placeholders(messages[key]))], [...new Set(placeholders(text))], `${language} ${key}`);
      }
    }
  });

  test('plural and placeholder formatting', async () => {
    installStorage();
    const { format } = await import('./i18n.ts');
    assert.equal(format('{count, plural, one {# pending alarm} other {# pending alarms}}', { count: 1 }), '1 pending alarm');
    assert.equal(format('{count, plural, one {# pending alarm} other {# pending alarms}}', { count: 3 }), '3 pending alarms');
    assert.equal(format('Device ID {id}', { id: 'SM-1' }), 'Device ID SM-1');
  });

  test('the "later" button states the hide period the server answers, and the live-off notice the reconnect interval, not typed-in ones', async () => {
    installStorage();
    const { format } = await import('./i18n.ts');
    const later = read('en-us')['update.later'];
    assert.equal(format(later, { days: UPDATE_PROMPT_HIDE_MS / 86_400_000 }), 'Later (hide for 7 days)');
    assert.equal(format(later, { days: 1 }), 'Later (hide for 1 day)');
    for (const language of LANGUAGES) assert.match(read(language)['live.off'], /\{seconds\}/, `${language} live.off states SOCKET_RECONNECT_MS`);
    for (const language of LANGUAGES) assert.doesNotMatch(read(language)['update.later'].replace(/\{days[^}]*\}|\{[^{}]*\}/g, ''), /\d/, language);
  });
});

describe('update prompt (spec 02 §9)', () => {
  const answer = (force: boolean, id = 7) => ({
    hasUpdate: true,
    force,
    latest: { id, versionName: '1.2.0' } as never,
    h5Versions: [],
    promptHideMs: UPDATE_PROMPT_HIDE_MS,
    pollIntervalMs: 600_000,
  });

  test('a non-forced prompt hides for 7 days, per version; a forced one never hides', async () => {
    installStorage();
    const { hidePrompt, shouldPrompt, appPlatform } = await import('./update.ts');
    const now = Date.UTC(2026, 10, 23);
    assert.equal(shouldPrompt(answer(false), now), true);
    hidePrompt(answer(false), now);
    assert.equal(shouldPrompt(answer(false), now + UPDATE_PROMPT_HIDE_MS - 1), false);
    assert.equal(shouldPrompt(answer(false), now + UPDATE_PROMPT_HIDE_MS), true);
    assert.equal(shouldPrompt(answer(false, 8), now + 1), true, 'a newer version prompts again');
    hidePrompt(answer(true), now);
    assert.equal(shouldPrompt(answer(true), now + 1), true);
    assert.equal(shouldPrompt({ ...answer(false), hasUpdate: false }, now), false);
    assert.equal(appPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'), 'ios');
    assert.equal(appPlatform('Mozilla/5.0 (Linux; Android 14)'), 'android');
  });
});
