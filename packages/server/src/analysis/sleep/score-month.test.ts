import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MonthAnalysisSchema, type NightSummary } from '@vigil/contracts';
import { analyseMonth } from './monthly.ts';
import { scoreNight } from './score.ts';

const good = { sleepMinutes: 450, efficiencyPercent: 90, deepSharePercent: 25, bodyMovementsPerHour: 3, wakeUpsPerHour: 0.2, awakeSharePercent: 5, ahi: 2 };

describe('sleep score', () => {
  test('a night meeting every reference value of spec 02 §9 scores 100', () => {
    assert.equal(scoreNight(good).value, 100);
  });

  test('each part falls as its figure leaves the reference, by the documented formula', () => {
    // 5 h of sleep: duration part (5 − 3) / 4 = 0.5, weight 30 of 100 → 85.
    assert.equal(scoreNight({ ...good, sleepMinutes: 300 }).value, 85);
    // Efficiency 65 %: (65 − 50) / 30 = 0.5, weight 20 → 90.
    assert.equal(scoreNight({ ...good, efficiencyPercent: 65 }).value, 90);
    // Deep 10 %: 0.5, weight 15 → 93 (92.5 rounds up).
    assert.equal(scoreNight({ ...good, deepSharePercent: 10 }).value, 93);
    // AHI 15 (moderate): 0.5, weight 15 → 93; AHI 30 (high): 0 → 85.
    assert.equal(scoreNight({ ...good, ahi: 15 }).value, 93);
    assert.equal(scoreNight({ ...good, ahi: 30 }).value, 85);
  });

  test('without an AHI the other parts carry the score', () => {
    const score = scoreNight({ ...good, ahi: null, sleepMinutes: 300 });
    assert.equal(score.parts.apnea, null);
    // (0.5 × 30 + 20 + 15 + 10 + 10) / 85 = 82.4 %.
    assert.equal(score.value, 82);
  });

  test('a dreadful night scores 0', () => {
    assert.equal(scoreNight({ sleepMinutes: 60, efficiencyPercent: 20, deepSharePercent: 0, bodyMovementsPerHour: 40, wakeUpsPerHour: 5, awakeSharePercent: 70, ahi: 45 }).value, 0);
  });
});

function night(day: number, score: number): NightSummary {
  return {
    date: `2026-03-${String(day).padStart(2, '0')}`,
    score,
    sleepMinutes: 420 + day,
    timeInBedMinutes: 500,
    efficiencyPercent: 85,
    deepSharePercent: day % 2 ? 25 : 15,
    wakeUps: 1,
    leftBedCount: 2,
    bodyMovementIndex: 4,
    heartRateMean: 60,
    breathRateMean: day === 3 ? null : 14,
    ahi: day === 5 ? 18 : 3,
    afGrade: day === 2 ? 'low' : 'none',
  };
}

describe('monthly analysis', () => {
  test('fewer than 7 daily records is "not enough nights", not an empty chart', () => {
    assert.deepEqual(analyseMonth([1, 2, 3, 4, 5, 6].map((day) => night(day, 80))), { enough: false, nights: 6, required: 7 });
    assert.deepEqual(analyseMonth([]), { enough: false, nights: 0, required: 7 });
  });

  test('7 nights give averages, nights meeting each reference, worst grades and the trend', () => {
    const month = MonthAnalysisSchema.parse(analyseMonth([7, 3, 1, 2, 6, 5, 4].map((day) => night(day, 60 + day * 2))));
    assert.ok(month.enough);
    assert.equal(month.nights, 7);
    assert.deepEqual(month.series.map((item) => item.date.slice(-2)), ['01', '02', '03', '04', '05', '06', '07']);
    assert.equal(month.averages.score, 68);
    assert.equal(month.averages.sleepMinutes, 424);
    assert.equal(month.averages.breathRateMean, 14);
    assert.equal(month.averages.ahi, 5.1);
    assert.deepEqual(month.nightsMeetingReference, { duration: 7, efficiency: 7, deepShare: 4, ahi: 6 });
    assert.equal(month.worstApneaGrade, 'moderate');
    assert.equal(month.worstAfGrade, 'low');
    // 2 points a day.
    assert.equal(month.scoreTrendPerWeek, 14);
  });
});
