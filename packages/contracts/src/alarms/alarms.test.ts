import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALERT_TYPES } from '../devices/alert-types.ts';
import { DEVICE_TYPES } from '../devices/catalogue.ts';
import { LANGUAGES } from '../languages.ts';
import { ALARM_GROUPS, ALARM_GROUP_ALERT_TYPES, ungroupedAlertTypes } from './groups.ts';
import { alarmMessageConfig, ALARM_MESSAGE_CATALOGUE } from './messages.ts';
import { isRelieved } from './relieved.ts';
import { DEFAULT_RESIDENT_ALARM_SETTINGS, ResidentAlarmSettingsSchema, settingsFromCommunityConfig } from './resident-settings.ts';
import { AlertLevelSettingInputSchema, DEFAULT_ALERT_LEVEL_SETTING } from './levels.ts';
import { ALARM_TEXTS, formatAlarmDuration, formatAlarmText, isAlarmTextKey } from './texts/index.ts';

describe('alarm catalogue', () => {
  it('puts every alert type in exactly one group', () => {
    assert.deepEqual(ungroupedAlertTypes(), []);
    const all = ALARM_GROUPS.flatMap((group) => ALARM_GROUP_ALERT_TYPES[group]);
    assert.equal(all.length, new Set(all).size);
    assert.equal(all.length, ALERT_TYPES.length);
  });

  it('has a message configuration for every §9 pair whose keys all exist', () => {
    for (const info of DEVICE_TYPES) {
      for (const alertType of info.alertTypes) {
        const config = alarmMessageConfig(info.type, alertType);
        assert.ok(config, `${info.model} ${alertType}`);
        for (const key of [config.longKey, config.shortKey, config.promptKey, config.removeKey]) {
          if (key) assert.ok(isAlarmTextKey(key), key);
        }
        assert.ok(!(config.duration && config.durationKey), 'fixed duration or a duration key, not both');
      }
      assert.equal(ALARM_MESSAGE_CATALOGUE.get(info.type)?.size, info.alertTypes.length);
    }
    assert.equal(alarmMessageConfig(21008, 'FALL_ALARM'), undefined);
    assert.equal(alarmMessageConfig(21008, 'CONNECTION')?.longKey, 'long.CONNECTION.gateway');
  });

  it('has wording in all 7 languages, placeholders kept', () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(ALARM_TEXTS['en-us'])) {
        const translated = ALARM_TEXTS[language][key as keyof (typeof ALARM_TEXTS)['en-us']];
        assert.ok(translated.length > 0, `${language} ${key}`);
        const placeholders = (value: string) => (value.match(/\{\w+\}/g) ?? []).sort().join();
        assert.equal(placeholders(translated), placeholders(text), `${language} ${key}`);
      }
    }
    assert.equal(formatAlarmText('en-us', 'long.LEFT_BED_OVERTIME', { userName: 'Ann', addr: 'A/1/101/1', duration: formatAlarmDuration('en-us', 900) }), 'Ann (A/1/101/1) has been out of bed for 15 min or more.');
    assert.equal(formatAlarmText('en-us', 'long.SMOKE', { addr: 'A/1/101' }), 'Smoke detected at A/1/101.');
    assert.equal(formatAlarmText('en-us', 'nope'), '');
  });

  it('applies the relieved test of spec 02 §4', () => {
    assert.equal(isRelieved('CONNECTION', 1, '/userStatusNotify'), true);
    assert.equal(isRelieved('CONNECTION', 1, '/alertNotify'), true);
    assert.equal(isRelieved('CONNECTION', 0, '/userStatusNotify'), false);
    assert.equal(isRelieved('SOS', 0, '/userStatusNotify'), true);
    assert.equal(isRelieved('SOS', 0, '/alertNotify'), false);
    assert.equal(isRelieved('SOS', 1, '/safeAlertNotify'), false);
  });

  it('reads a community alarm config over the defaults and ignores bad values', () => {
    assert.ok(ResidentAlarmSettingsSchema.safeParse(DEFAULT_RESIDENT_ALARM_SETTINGS).success);
    const settings = settingsFromCommunityConfig({ leftBedTime: 600, breathStopDuration: 5000, 'enabled.bodyMove': true, junk: 'x' });
    assert.equal(settings.values.leftBedTime, 600);
    assert.equal(settings.values.breathStopDuration, DEFAULT_RESIDENT_ALARM_SETTINGS.values.breathStopDuration);
    assert.equal(settings.enabled.bodyMove, true);
  });

  it('accepts voice settings as objects or JSON text', () => {
    const parsed = AlertLevelSettingInputSchema.parse({ ...DEFAULT_ALERT_LEVEL_SETTING, alertTypeL1: '{"pc":true,"globalVoiceWay":"3"}' });
    assert.deepEqual(parsed.alertTypeL1, { pc: true, globalVoiceWay: 3 });
    assert.ok(!AlertLevelSettingInputSchema.safeParse({ ...DEFAULT_ALERT_LEVEL_SETTING, alertTypeL2: { pc: true, globalVoiceWay: 4 } }).success);
  });
});
