import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { LANGUAGES } from '@vigil/contracts';
import { durationText, formatDuration } from './duration.ts';

async function translator(language: string) {
  const instance = i18next.createInstance();
  // The shared namespace's own JSON files, as the console loads them.
  const read = (lang: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'locales', `${lang}.json`), 'utf8'));
  const resources = Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: read(lang) }]));
  await instance.use(ICU).init({ resources, lng: language, lowerCaseLng: true, keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance.t;
}

describe('the time helper (spec 01 §9)', () => {
  it('shows a duration under a minute in seconds, or as less than one minute where minutes are the unit', () => {
    assert.deepEqual(durationText(0), { key: 'time.seconds', values: { seconds: 0 } });
    assert.deepEqual(durationText(59.9), { key: 'time.seconds', values: { seconds: 59 } });
    assert.deepEqual(durationText(59, 'lessThanMinute'), { key: 'time.lessThanMinute', values: {} });
    assert.deepEqual(durationText(60, 'lessThanMinute'), { key: 'time.minutes', values: { minutes: 1 } });
  });

  it('shows hours and minutes up to 1,440 minutes, days beyond', () => {
    assert.deepEqual(durationText(59 * 60 + 59), { key: 'time.minutes', values: { minutes: 59 } });
    assert.deepEqual(durationText(90 * 60), { key: 'time.hoursMinutes', values: { hours: 1, minutes: 30 } });
    assert.deepEqual(durationText(1440 * 60), { key: 'time.hoursMinutes', values: { hours: 24, minutes: 0 } }, '1,440 minutes is not over 1,440');
    assert.deepEqual(durationText(1441 * 60), { key: 'time.daysHours', values: { days: 1, hours: 0 } });
    assert.deepEqual(durationText((3 * 1440 + 5 * 60 + 7) * 60), { key: 'time.daysHours', values: { days: 3, hours: 5 } });
  });

  it('treats negative and non-numbers as zero rather than printing NaN', () => {
    assert.deepEqual(durationText(-5), { key: 'time.seconds', values: { seconds: 0 } });
    assert.deepEqual(durationText(Number.NaN, 'lessThanMinute'), { key: 'time.lessThanMinute', values: {} });
  });

  it('reads in the interface language', async () => {
    const english = await translator('en-us');
    assert.equal(formatDuration(42, english), '42 s');
    assert.equal(formatDuration(42, english, 'lessThanMinute'), 'less than one minute');
    assert.equal(formatDuration(2 * 86400 + 3 * 3600, english), '2 d 3 h');
    const chinese = await translator('zh-cn');
    assert.equal(formatDuration(75 * 60, chinese), '1小时15分钟');
  });
});
