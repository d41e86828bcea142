import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyseMonthFixture } from './reportFormat.fixture.ts';
import { minutesText, monthView, perHourOfSleep, referenceFlag, referenceText, shiftMonth } from './reportFormat.ts';

describe('report durations in minutes (spec 02 §9 time helper)', () => {
  test('whole minutes, rounded', () => {
    assert.deepEqual(minutesText(452.4), { key: 'sleepReport.time.minutes', values: { minutes: 452 } });
    assert.deepEqual(minutesText(1), { key: 'sleepReport.time.minutes', values: { minutes: 1 } });
    assert.deepEqual(minutesText(1440), { key: 'sleepReport.time.minutes', values: { minutes: 1440 } });
  });
  test('under a minute reads "less than one minute"; nothing reads as none', () => {
    assert.equal(minutesText(0.5).key, 'sleepReport.time.lessThanMinute');
    assert.equal(minutesText(0).key, 'sleepReport.time.none');
    assert.equal(minutesText(null).key, 'sleepReport.time.none');
    assert.equal(minutesText(Number.NaN).key, 'sleepReport.time.none');
    assert.equal(minutesText(-3).key, 'sleepReport.time.none');
  });
  test('over 1,440 minutes in days and hours', () => {
    assert.deepEqual(minutesText(1441 + 180), { key: 'sleepReport.time.daysHours', values: { days: 1, hours: 3 } });
  });
});

describe('reference flags beside the values (spec 02 §9 reference values)', () => {
  test('sleep 7–8 hours', () => {
    assert.equal(referenceFlag('sleepMinutes', 419), 'low');
    assert.equal(referenceFlag('sleepMinutes', 420), 'within');
    assert.equal(referenceFlag('sleepMinutes', 480), 'within');
    assert.equal(referenceFlag('sleepMinutes', 481), 'high');
    assert.deepEqual(referenceText('sleepMinutes').values, { min: 420, max: 480, unit: 'minutes' });
  });
  test('efficiency at least 80 %, deep sleep at least 20 %', () => {
    assert.equal(referenceFlag('efficiency', 79.9), 'low');
    assert.equal(referenceFlag('efficiency', 80), 'within');
    assert.equal(referenceFlag('deepShare', 19), 'low');
    assert.equal(referenceFlag('deepShare', 35), 'within');
    assert.equal(referenceText('efficiency').key, 'sleepReport.reference.atLeast');
  });
  test('movement at most 5 per hour, awakenings at most 0.4 per hour', () => {
    assert.equal(referenceFlag('bodyMovement', 5), 'within');
    assert.equal(referenceFlag('bodyMovement', 5.1), 'high');
    assert.equal(referenceFlag('wakeUpsPerHour', 0.4), 'within');
    assert.equal(referenceFlag('wakeUpsPerHour', perHourOfSleep(4, 480)), 'high');
  });
  test('AHI under 5: 5 itself is over the reference', () => {
    assert.equal(referenceFlag('ahi', 4.9), 'within');
    assert.equal(referenceFlag('ahi', 5), 'high');
    assert.equal(referenceText('ahi').key, 'sleepReport.reference.under');
  });
  test('a value that is not known has no flag', () => {
    assert.equal(referenceFlag('ahi', null), 'unknown');
    assert.equal(referenceFlag('efficiency', undefined), 'unknown');
    assert.equal(perHourOfSleep(2, 0), null);
  });
});

describe('monthly view (spec 02 §9: at least 7 daily records)', () => {
  test('fewer than 7 nights is "not enough nights", with the counts', () => {
    assert.deepEqual(monthView({ enough: false, nights: 6, required: 7 }), { kind: 'notEnoughNights', nights: 6, required: 7 });
    assert.deepEqual(monthView({ enough: false, nights: 0, required: 7 }), { kind: 'notEnoughNights', nights: 0, required: 7 });
  });
  test('7 nights show the trends', () => {
    const view = monthView(analyseMonthFixture(7));
    assert.equal(view.kind, 'trends');
    assert.equal(view.kind === 'trends' && view.analysis.series.length, 7);
  });
  test('an "enough" answer whose series is short still reads as not enough (never an empty chart)', () => {
    const analysis = analyseMonthFixture(7);
    assert.equal(monthView({ ...analysis, series: analysis.series.slice(0, 3) }).kind, 'notEnoughNights');
  });
  test('months step across years', () => {
    assert.equal(shiftMonth('2026-01', -1), '2025-12');
    assert.equal(shiftMonth('2026-12', 1), '2027-01');
  });
});
