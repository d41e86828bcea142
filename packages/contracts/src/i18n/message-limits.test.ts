import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LANGUAGES } from '../languages.ts';
import { LOGIN_NAME_MAX, LOGIN_NAME_MIN } from '../limits.ts';
import { formatMessage, MESSAGES, type MessageKey } from './index.ts';
import { formatLimit, MESSAGE_LIMITS, messageLimitParams } from './message-limits.ts';

/** Numbers written in a template outside its `{name}` placeholders (6, 0.01, 0,01, -90). */
function typedNumbers(template: string): string[] {
  return template.replace(/\{\w+\}/g, ' ').match(/-?\d+(?:[.,]\d+)?/g) ?? [];
}

/**
 * English messages whose numbers are not limits a schema checks: names (LHD8100, H5, MD5),
 * clock formats, enumerated codes (voice mode 0–3, alarm level 1–2), the 90th
 * percentile. A new key with a number must be added to
 * MESSAGE_LIMITS (its number a parameter) or here, with its reason.
 */
const NOT_LIMITS = new Set<string>([
  'gateway.notHost', 'validation.shiftTime', 'validation.clockTime', 'validation.voiceWay', 'validation.alarmLevel',
  'upload.md5Wrong', 'field.md5', 'firmware.md5Format', 'field.moduleImei', 'release.h5FileRequired', 'release.h5InUse', 'release.h5NoIndex', 'release.h5EditPublished', 'field.h5VersionId',
  'field.alertTypeL1', 'field.alertTypeL2', 'handoverPdf.p90',
  // A Web Push subscription's key formats (P-256, a 16-byte auth secret), fixed by RFC 8291, not limits a form checks.
  'push.keys',
  // An encoding's name (UTF-8), not a limit.
  'upload.htmlInvalid',
]);

/** Numerals a translation may use for a word the English spells out ("one hour", "two shifts", "class I"). */
const COUNTING_NUMERALS = new Set(['1', '2']);

/** A number in a limit message that is not its limit, though equal to one (Japanese "1 桁": one decimal place). */
const NOT_A_LIMIT_HERE: ReadonlyArray<[string, string, string]> = [['ja', 'validation.weight', '1']];

describe('message limits', () => {
  test('every limit message has a placeholder for each of its limits and no limit typed in, in every language', () => {
    for (const language of LANGUAGES) {
      const messages: Record<string, string> = MESSAGES[language];
      for (const [key, limits] of Object.entries(MESSAGE_LIMITS)) {
        const template = messages[key];
        assert.ok(template, `${language} ${key}`);
        for (const [name, value] of Object.entries(limits)) {
          assert.ok(template.includes(`{${name}}`), `${language} ${key} lacks {${name}}`);
          const typed = typedNumbers(template).filter((number) => !NOT_A_LIMIT_HERE.some(([l, k, n]) => l === language && k === key && n === number));
          assert.ok(!typed.includes(formatLimit(language, value)), `${language} ${key} types ${value} instead of {${name}}: ${template}`);
        }
      }
    }
  });

  test('a message with a number in it is either a limit message or a known non-limit, and translations add no numbers', () => {
    for (const [key, english] of Object.entries(MESSAGES['en-us'])) {
      if (key in MESSAGE_LIMITS || NOT_LIMITS.has(key)) continue;
      assert.deepEqual(typedNumbers(english), [], `en-us ${key} has a number: add it to MESSAGE_LIMITS as a parameter`);
      for (const language of LANGUAGES) {
        // Translations write some words as numerals ("1 時間" for "per hour", "2차" for "class II"), never a limit.
        const text: string = MESSAGES[language][key as MessageKey];
        assert.deepEqual(typedNumbers(text).filter((number) => !COUNTING_NUMERALS.has(number)), [], `${language} ${key} has a number the English has not: ${text}`);
      }
    }
  });

  test('messages render the limits from limits.ts, written the way each language writes numbers', () => {
    assert.equal(formatMessage('en-us', 'validation.loginName'), `Login account must be within ${LOGIN_NAME_MIN}~${LOGIN_NAME_MAX} characters (letters or digits).`);
    assert.equal(formatMessage('en-us', 'validation.loginName'), 'Login account must be within 6~64 characters (letters or digits).');
    assert.equal(formatMessage('en-us', 'validation.radius'), 'Radius must be a whole number of metres from 10 to 100000.');
    assert.equal(formatMessage('en-us', 'validation.latitude'), 'Latitude must be between -90 and 90.');
    assert.equal(formatMessage('en-us', 'upload.logoSize', { width: 64, height: 32 }), 'The logo must be 200x200 px (this one is 64x32).');
    assert.equal(formatMessage('en-us', 'upload.logoBytes'), 'The logo must be under 100 KB.');
    assert.equal(formatMessage('de', 'statistics.mult'), 'Der Koeffizient muss eine Zahl von 0,01 bis 100 mit höchstens zwei Nachkommastellen sein.');
    assert.equal(formatMessage('ja', 'statistics.mult'), '係数は0.01から100までの数値で、小数点以下2桁までです。');
    assert.equal(formatMessage('cs', 'fallRadar.height'), 'Nesprávná výška montáže: strop 2,2–3 m, stěna 1,35–1,5 m.');
    assert.equal(formatMessage('zh-cn', 'originData.rangeTooLong'), '时间范围最多31天。');
    assert.equal(formatMessage('de', 'pdf.reference.wakeUps'), '≤ 0,4/h');
    assert.equal(formatMessage('en-us', 'validation.leaveBedMode'), 'Bed-leaving mode must be balanced (about 15 s) or fast (about 5 s).');
    assert.equal(formatMessage('zh-cn', 'pdf.reference.sleep'), '420–480 分钟');
    assert.equal(formatMessage('en-us', 'gateway.hostFull'), 'A gateway host carries fewer than 50 sub-devices: this host already has 49.');
  });

  test('a stated limit wins over a zod issue\'s internal bound of the same name', () => {
    // The batch field's first check is its total length (thousands of characters); the message states the name count.
    assert.equal(formatMessage('en-us', 'validation.batchNames', { max: 3300 }), 'Enter at most 100 comma-separated names.');
    assert.equal(formatMessage('en-us', 'validation.tooLong', { field: 'Remark', max: 200 }), 'Remark must be at most 200 characters.');
    assert.deepEqual(messageLimitParams('it', 'validation.weight'), { min: '1', max: '255' });
    assert.deepEqual(messageLimitParams('it', 'validation.required'), {});
  });
});
