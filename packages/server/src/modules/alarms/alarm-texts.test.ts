import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALARM_MESSAGE_CATALOGUE, ALARM_TEXT_FALLBACKS, ALERT_TYPES, DEFAULT_ALERT_LEVEL_SETTING, LANGUAGES } from '@vigil/contracts';
import type { AlarmRow } from './alarm.repository.ts';
import { presentAlarm } from './alarm.presenter.ts';

const PLACEMENTS = {
  room: { floor_area: 'Main / 1F', room: '101', bunk: '2', user_name: 'Ada Li' },
  none: { floor_area: '', room: '', bunk: '', user_name: '' },
} as const;

function row(deviceType: number, alertType: string, placement: (typeof PLACEMENTS)[keyof typeof PLACEMENTS]): AlarmRow {
  return {
    id: 1, provider_id: 1, device_id: 'T-1', device_type: deviceType, alert_type: alertType, alarm_group: 'x', alert_level: 1, open_key: null,
    resident_id: null, bed_id: null, room_id: null, floor_id: null, area_id: null, ...placement, status: 1, duration: 600, raised_at: 0, last_at: 0,
    repeat_count: 0, escalated_at: null, relieved: 0, release_source: 0, relieved_at: null, remove_reason: null, deal_state: 'unDeal', handler_id: null,
    handler_name: null, deal_time: null, deal_option: null, follow_up: null, remark: null, response_ms: null, source_message: null,
  };
}

/** Signs of a hole where a name or place should be: "at was", "( )", a space before a full stop. */
const HOLE = /\{|\}|\s{2}|\s[.,;:。]|\(\s*\)|（\s*）|^\s|\b(at|bei|in|v|di|von|of)\s+(was|wurde|è|byl|is|ist|je|has|hat|sent)\b/u;

test('every catalogue pair, in a room or in none, has a full alarm text in all 7 languages', () => {
  let checked = 0;
  for (const [deviceType, entries] of ALARM_MESSAGE_CATALOGUE) {
    for (const alertType of entries.keys()) {
      for (const [where, placement] of Object.entries(PLACEMENTS)) {
        for (const language of LANGUAGES) {
          const { text } = presentAlarm(row(deviceType, alertType, placement), DEFAULT_ALERT_LEVEL_SETTING, language);
          const label = `${deviceType}/${alertType}/${where}/${language}: "${text}"`;
          assert.ok(text.length > 5, label);
          assert.doesNotMatch(text, HOLE, label);
          if (where === 'none') assert.ok(text.includes(ALARM_TEXT_FALLBACKS[language].addr), label);
          if (where === 'room') assert.ok(text.includes('101'), label);
          checked++;
        }
      }
    }
  }
  assert.ok(checked > 500, `${checked} texts`);
  const door = presentAlarm(row(20995, 'DOOR_OPEN', PLACEMENTS.none), DEFAULT_ALERT_LEVEL_SETTING, 'en-us').text;
  assert.equal(door, 'The door at [no room set] was opened.');
  const left = presentAlarm(row(49, 'LEFT_BED', PLACEMENTS.none), DEFAULT_ALERT_LEVEL_SETTING, 'en-us').text;
  assert.equal(left, '[no resident] ([no room set]) has left the bed.');
});

test('an alert type outside its device type\'s catalogue still has text', () => {
  for (const alertType of ALERT_TYPES) {
    for (const language of LANGUAGES) {
      const { text } = presentAlarm(row(49, alertType, PLACEMENTS.none), DEFAULT_ALERT_LEVEL_SETTING, language);
      assert.ok(text.length > 5, `${alertType}/${language}`);
    }
  }
});
