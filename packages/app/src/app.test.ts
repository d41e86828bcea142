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

  test('the languages offered follow the platform\'s edition (spec 01 §1): Chinese only when domestic, five overseas', async () => {
    installStorage();
    (globalThis as unknown as { document: { documentElement: { lang: string } } }).document = { documentElement: { lang: '' } };
    const i18n = await import('./i18n.ts');
    assert.deepEqual(i18n.languagesOf('domestic'), ['zh-cn']);
    assert.deepEqual([...i18n.languagesOf('overseas')].sort(), ['cs', 'en-us', 'it', 'ko', 'zh-cn']);
    assert.equal(i18n.offeredLanguage('de', i18n.languagesOf('overseas')), 'en-us');
    assert.equal(i18n.offeredLanguage('en-us', i18n.languagesOf('domestic')), 'zh-cn');
    await i18n.setLanguage('en-us', false);
    await i18n.applyEdition('domestic');
    assert.equal(i18n.currentLanguage(), 'zh-cn', 'a domestic platform switches the app to Chinese');
    assert.deepEqual(i18n.offeredLanguages(), ['zh-cn']);
    assert.equal(localStorage.getItem('vigil-app-edition'), 'domestic', 'remembered for an offline start');
    await i18n.applyEdition('overseas');
    assert.equal(i18n.offeredLanguages().length, 5);
    assert.equal(i18n.currentLanguage(), 'zh-cn', 'an offered language stays');
    await i18n.setLanguage('en-us', false);
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

describe('"Update now" never reloads into the same prompt (issue 25 item 7)', () => {
  const answer = (latest: { storeUrl: string; file: { url: string } | null }) => ({
    hasUpdate: true, force: false, latest: { id: 9, versionName: '2.0.0', ...latest } as never, h5Versions: [], promptHideMs: UPDATE_PROMPT_HIDE_MS, pollIntervalMs: 600_000,
  });

  test('reloads only when the server serves a newer web app; an app package opens its store page or file; else nothing', async () => {
    installStorage();
    const { updateRoute } = await import('./update.ts');
    assert.deepEqual(updateRoute(answer({ storeUrl: 'https://play.example/vigil', file: null }), true), { kind: 'reload' });
    assert.deepEqual(updateRoute(answer({ storeUrl: 'https://play.example/vigil', file: null }), false), { kind: 'open', url: 'https://play.example/vigil' });
    assert.deepEqual(updateRoute(answer({ storeUrl: '', file: { url: '/api/releases/files/f1' } }), false), { kind: 'open', url: '/api/releases/files/f1' });
    assert.deepEqual(updateRoute(answer({ storeUrl: '', file: null }), false), { kind: 'none' });
  });
});

describe('the residents tab (issue 25 item 6)', () => {
  const resident = (patch: Record<string, unknown>) => ({ deviceOnline: true, bedState: 'in', sleepState: null, devices: [{ deviceId: 'M', deviceType: 49, online: true }], hr: 61, rr: 14, ...patch }) as never;

  test('every sleep state has a label in every language (no raw keys), and out of bed reads as out of bed without vitals', async () => {
    const { residentStateKey, residentVitals } = await import('./residentState.ts');
    const english = read('en-us');
    const keys = (['awake', 'fallingAsleep', 'light', 'deep', null] as const).map((sleepState) => residentStateKey(resident({ sleepState })));
    assert.deepEqual(keys, ['state.awake', 'state.fallingAsleep', 'state.lightSleep', 'state.deepSleep', 'state.inBed']);
    for (const bedState of ['out', 'sitting', 'suspectedSitting', 'dropped', null]) keys.push(residentStateKey(resident({ bedState })));
    keys.push(residentStateKey(resident({ deviceOnline: false })), residentStateKey(resident({ devices: [] })));
    for (const language of LANGUAGES) for (const key of keys) assert.ok(read(language)[key], `${language} ${key}`);
    assert.equal(residentStateKey(resident({ bedState: 'out', sleepState: null })), 'state.outOfBed');
    assert.equal(english['state.outOfBed'], 'Out of bed');
    assert.deepEqual(residentVitals(resident({ bedState: 'out', hr: 0, rr: 0 })), { hr: null, rr: null }, 'no "Heart 0/min" out of bed');
    assert.deepEqual(residentVitals(resident({ hr: 0, rr: 13.6 })), { hr: null, rr: 14 }, '0 is not measured');
  });
});

describe('alarm texts follow the language picked, without a reload (issue 25 item 16)', () => {
  test('the long text is made from the keys in the language asked, as the server makes it', async () => {
    const { alarmLongText } = await import('./alarmText.ts');
    const { formatAlarmText, formatAlarmDuration } = await import('@vigil/contracts');
    const alarm = { longKey: 'long.LEFT_BED_OVERTIME', userName: 'Ann Lee', address: 'East / 2F / 204 / 3', duration: 900, text: 'Ann Lee (East / 2F / 204 / 3) has been out of bed for 15 min or more.' };
    assert.equal(alarmLongText('en-us', alarm), alarm.text, 'English as the server wrote it');
    const german = alarmLongText('de', alarm);
    assert.notEqual(german, alarm.text);
    assert.equal(german, formatAlarmText('de', 'long.LEFT_BED_OVERTIME', { userName: 'Ann Lee', addr: 'East / 2F / 204 / 3', duration: formatAlarmDuration('de', 900) }));
    assert.equal(alarmLongText('de', { ...alarm, longKey: '' }), alarm.text, 'no key: the server text');
  });
});
