import { ahiGrade, type AnalysedNight, MONTHLY_MIN_NIGHTS, type MonthAnalysis, type NightSummary, RISK_GRADES, type RiskGrade, SLEEP_REFERENCE } from '@vigil/contracts';

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The figures of an analysed night that the monthly analysis and the report list read. */
export function summariseNight(date: string, night: AnalysedNight): NightSummary {
  return {
    date,
    score: night.score.value,
    sleepMinutes: night.sleepMinutes,
    timeInBedMinutes: night.timeInBedMinutes,
    efficiencyPercent: night.efficiencyPercent,
    deepSharePercent: night.deepSharePercent,
    wakeUps: night.wakeUps,
    leftBedCount: night.leftBed.count,
    bodyMovementIndex: night.bodyMovementIndex,
    heartRateMean: night.heartRate?.mean ?? null,
    breathRateMean: night.breathRate?.mean ?? null,
    ahi: night.apnea.assessable ? night.apnea.ahi : null,
    afGrade: night.afRisk.assessable ? night.afRisk.grade : null,
  };
}

function meanOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? round1(known.reduce((sum, value) => sum + value, 0) / known.length) : null;
}

function worst(grades: readonly (RiskGrade | null)[]): RiskGrade | null {
  let index = -1;
  for (const grade of grades) if (grade !== null) index = Math.max(index, RISK_GRADES.indexOf(grade));
  return index < 0 ? null : RISK_GRADES[index];
}

/** Least-squares slope of score against day number, in points per week. */
function trendPerWeek(nights: readonly NightSummary[]): number {
  const points = nights.map((night) => ({ x: Date.parse(`${night.date}T00:00:00Z`) / 86_400_000, y: night.score }));
  const mx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const my = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx > 0 ? round1((sxy / sxx) * 7) : 0;
}

/**
 * Monthly analysis of a resident's daily reports: averages, nights meeting each reference value,
 * worst risk grades and the score trend. Fewer than 7 nights answer "not enough nights" (spec 02 §9).
 */
export function analyseMonth(nights: readonly NightSummary[]): MonthAnalysis {
  if (nights.length < MONTHLY_MIN_NIGHTS) return { enough: false, nights: nights.length, required: MONTHLY_MIN_NIGHTS };
  const series = [...nights].sort((a, b) => a.date.localeCompare(b.date));
  const average = (pick: (night: NightSummary) => number) => round1(series.reduce((sum, night) => sum + pick(night), 0) / series.length);
  const count = (test: (night: NightSummary) => boolean) => series.filter(test).length;
  return {
    enough: true,
    nights: series.length,
    averages: {
      score: average((night) => night.score),
      sleepMinutes: average((night) => night.sleepMinutes),
      efficiencyPercent: average((night) => night.efficiencyPercent),
      deepSharePercent: average((night) => night.deepSharePercent),
      wakeUps: average((night) => night.wakeUps),
      leftBedCount: average((night) => night.leftBedCount),
      bodyMovementIndex: average((night) => night.bodyMovementIndex),
      heartRateMean: meanOf(series.map((night) => night.heartRateMean)),
      breathRateMean: meanOf(series.map((night) => night.breathRateMean)),
      ahi: meanOf(series.map((night) => night.ahi)),
    },
    nightsMeetingReference: {
      duration: count((night) => night.sleepMinutes >= SLEEP_REFERENCE.sleepHoursMin * 60 && night.sleepMinutes <= SLEEP_REFERENCE.sleepHoursMax * 60),
      efficiency: count((night) => night.efficiencyPercent >= SLEEP_REFERENCE.efficiencyMin),
      deepShare: count((night) => night.deepSharePercent >= SLEEP_REFERENCE.deepShareMin),
      ahi: count((night) => night.ahi !== null && night.ahi < SLEEP_REFERENCE.ahiMax),
    },
    worstApneaGrade: worst(series.map((night) => (night.ahi === null ? null : ahiGrade(night.ahi)))),
    worstAfGrade: worst(series.map((night) => night.afGrade)),
    scoreTrendPerWeek: trendPerWeek(series),
    series,
  };
}
