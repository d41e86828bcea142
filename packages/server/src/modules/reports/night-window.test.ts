import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SLEEP_MONITOR_DEFAULTS } from '@vigil/contracts';
import { lastNight, monitorSettings } from './daily-reports.ts';
import { addClockMinutes, localDate, zonedInstant } from './zoned-time.ts';

const MINUTE = 60_000;

describe('night window in the platform time zone', () => {
  test('wall-clock times convert both ways, across a daylight-saving change', () => {
    assert.equal(zonedInstant('2026-03-10', '06:30', 'Asia/Shanghai'), Date.UTC(2026, 2, 9, 22, 30));
    assert.equal(localDate(Date.UTC(2026, 2, 9, 22, 30), 'Asia/Shanghai'), '2026-03-10');
    // Prague moves from UTC+1 to UTC+2 on 2026-03-29.
    assert.equal(zonedInstant('2026-03-28', '07:00', 'Europe/Prague'), Date.UTC(2026, 2, 28, 6, 0));
    assert.equal(zonedInstant('2026-03-29', '07:00', 'Europe/Prague'), Date.UTC(2026, 2, 29, 5, 0));
    assert.equal(zonedInstant('2026-03-10', '07:00', 'UTC'), Date.UTC(2026, 2, 10, 7, 0));
    assert.equal(addClockMinutes('23:50', 15), '00:05');
  });

  test('the night ends at the latest wake time; the window opens 3 hours before the evening bed time', () => {
    const settings = { ...SLEEP_MONITOR_DEFAULTS, sleepSchedule: { bedTime: '22:00', wakeTime: '06:30' } };
    const wake = Date.UTC(2026, 2, 9, 22, 30);
    const night = lastNight(wake + 11 * MINUTE, settings, 'Asia/Shanghai');
    assert.deepEqual(night, { date: '2026-03-10', wake, from: Date.UTC(2026, 2, 9, 11, 0), to: wake + 11 * MINUTE });
    // Before the wake time, the night is the previous one, its window closed 15 minutes after its wake.
    const earlier = lastNight(wake - 60 * MINUTE, settings, 'Asia/Shanghai');
    assert.deepEqual([earlier.date, earlier.to], ['2026-03-09', wake - 86_400_000 + 15 * MINUTE]);
    // A schedule within one day (01:00–09:00) opens the window the same day.
    const late = lastNight(Date.UTC(2026, 2, 10, 9, 20), { ...settings, sleepSchedule: { bedTime: '01:00', wakeTime: '09:00' } }, 'UTC');
    assert.deepEqual([late.date, late.from], ['2026-03-10', Date.UTC(2026, 2, 9, 22, 0)]);
  });

  test('device settings: the stored schedule over the defaults; broken JSON or a bad field reads as the default', () => {
    assert.deepEqual(monitorSettings('{"sleepSchedule":{"bedTime":"23:00","wakeTime":"06:00"}}').sleepSchedule, { bedTime: '23:00', wakeTime: '06:00' });
    assert.deepEqual(monitorSettings('not json'), SLEEP_MONITOR_DEFAULTS);
    assert.deepEqual(monitorSettings('{"sleepSchedule":{"bedTime":"25:00","wakeTime":"06:00"}}').sleepSchedule, SLEEP_MONITOR_DEFAULTS.sleepSchedule);
    const mixed = monitorSettings('{"leaveBedMode":"fast","reportInterval":999}');
    assert.deepEqual([mixed.leaveBedMode, mixed.reportInterval], ['fast', SLEEP_MONITOR_DEFAULTS.reportInterval], 'each field on its own');
  });
});
