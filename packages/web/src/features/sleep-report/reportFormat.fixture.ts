import type { MonthAnalysis, NightSummary } from '@vigil/contracts';

/** A month with `nights` plausible nights (an "enough" answer of the monthly analysis), for tests. */
export function analyseMonthFixture(nights: number): Extract<MonthAnalysis, { enough: true }> {
  const series: NightSummary[] = Array.from({ length: nights }, (_, index) => ({
    date: `2026-03-${String(index + 1).padStart(2, '0')}`,
    score: 70 + index,
    sleepMinutes: 420 + index * 5,
    timeInBedMinutes: 500,
    efficiencyPercent: 85,
    deepSharePercent: 22,
    wakeUps: 1,
    leftBedCount: 1,
    bodyMovementIndex: 3,
    heartRateMean: 62,
    breathRateMean: 15,
    ahi: 2,
    afGrade: 'none',
  }));
  return {
    enough: true,
    nights,
    averages: { score: 73, sleepMinutes: 435, efficiencyPercent: 85, deepSharePercent: 22, wakeUps: 1, leftBedCount: 1, bodyMovementIndex: 3, heartRateMean: 62, breathRateMean: 15, ahi: 2 },
    nightsMeetingReference: { duration: nights, efficiency: nights, deepShare: nights, ahi: nights },
    worstApneaGrade: 'none',
    worstAfGrade: 'none',
    scoreTrendPerWeek: 7,
    series,
  };
}
