import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NightAnalysisSchema, type NightAnalysis } from '@vigil/contracts';
import { analyseNight } from './index.ts';
import { buildNight, type Phase } from './night-builder.ts';

const START = Date.UTC(2026, 2, 1, 21, 0);
const MINUTE = 60_000;

function analysed(result: NightAnalysis) {
  assert.ok(result.analysed, `night not analysed: ${JSON.stringify(result)}`);
  // The API answers these results: each must satisfy its contract.
  NightAnalysisSchema.parse(result);
  return result;
}

const near = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);

describe('night analysis: bed', () => {
  test('a night with 3 bed exits has 3, at their times; getting up in the morning is not an exit', () => {
    const phases: Phase[] = [{ kind: 'out', minutes: 15 }, { kind: 'light', minutes: 90 }];
    for (let k = 0; k < 3; k += 1) phases.push({ kind: 'out', minutes: 4 + k }, { kind: 'light', minutes: 90 });
    phases.push({ kind: 'awake', minutes: 10 }, { kind: 'out', minutes: 30 });
    const night = analysed(analyseNight(buildNight({ start: START, phases })));
    assert.equal(night.leftBed.count, 3);
    assert.deepEqual(night.leftBed.exits.map((exit) => (exit.to - exit.from) / MINUTE), [4, 5, 6]);
    assert.equal(night.leftBed.exits[0].from, START + 105 * MINUTE);
    assert.equal(night.bedTime, START + 15 * MINUTE);
    assert.equal(night.getUpTime, START + (15 + 360 + 15 + 10) * MINUTE);
    // Time in bed is time on the bed: from lying down to getting up, less the 15 minutes out.
    assert.equal(night.timeInBedMinutes, 370);
    assert.equal(night.stageMinutes.outOfBed, 15);
  });

  test('the trend for the charts covers the bed period in 5-minute steps; a step out of bed has no rates', () => {
    const phases: Phase[] = [{ kind: 'out', minutes: 15 }, { kind: 'deep', minutes: 60 }, { kind: 'out', minutes: 10 }, { kind: 'light', minutes: 60 }, { kind: 'out', minutes: 15 }];
    const night = analysed(analyseNight(buildNight({ start: START, phases })));
    const trend = night.trend ?? [];
    assert.equal(trend.length, Math.ceil((night.getUpTime - night.bedTime) / (5 * MINUTE)));
    assert.equal(trend[0].t, night.bedTime);
    assert.ok(trend.every((point, index) => index === 0 || point.t - trend[index - 1].t === 5 * MINUTE));
    const out = trend.find((point) => point.t === START + 80 * MINUTE);
    assert.equal(out?.heartRate, null);
    assert.equal(out?.breathRate, null);
    const deep = trend.find((point) => point.t === START + 45 * MINUTE);
    assert.ok(deep?.heartRate && deep.heartRate > 40 && deep.heartRate < 90, `deep sleep heart rate ${deep?.heartRate}`);
  });

  test('absences shorter than the bed-leaving time are not exits (balanced 15 s, fast 5 s)', () => {
    const samples = buildNight({ start: START, phases: [{ kind: 'light', minutes: 120 }] });
    for (let s = 3600; s < 3610; s += 1) samples[s] = { ...samples[s], bed: 'out', hr: 0, rr: 0 };
    assert.equal(analysed(analyseNight(samples)).leftBed.count, 0);
    assert.equal(analysed(analyseNight(samples, { leaveBedSeconds: 5 })).leftBed.count, 1);
  });
});

describe('night analysis: stages, onset and wake-ups', () => {
  test('sleep onset follows 20 minutes awake in bed (within 7 minutes: movement smear and rescoring; those quiet minutes are falling asleep); wake time is the last sleep', () => {
    const night = analysed(analyseNight(buildNight({
      start: START,
      phases: [{ kind: 'awake', minutes: 20 }, { kind: 'light', minutes: 60 }, { kind: 'deep', minutes: 60 }, { kind: 'light', minutes: 180 }, { kind: 'awake', minutes: 15 }, { kind: 'out', minutes: 5 }],
    })));
    assert.equal(night.bedTime, START);
    const onsetAfter = (night.sleepOnset - START) / MINUTE;
    assert.ok(onsetAfter >= 20 && onsetAfter <= 27, `onset ${onsetAfter} min after bed`);
    assert.equal(night.sleepLatencyMinutes, onsetAfter);
    assert.ok(night.stageMinutes.fallingAsleep > 0 && night.stageMinutes.fallingAsleep <= 5, `falling asleep ${night.stageMinutes.fallingAsleep}`);
    near((night.wakeTime - START) / MINUTE, 320, 1, 'wake time (minutes after bed)');
    near(night.sleepMinutes, 297, 4, 'sleep minutes');
    near(night.stageMinutes.deep, 60, 5, 'deep minutes');
    assert.equal(night.hypnogram[0].from, START);
    assert.equal(night.hypnogram.at(-1)?.to, night.getUpTime);
  });

  test('wake-ups count only after more than 5 minutes awake', () => {
    const phases: Phase[] = [{ kind: 'light', minutes: 60 }, { kind: 'awake', minutes: 3 }, { kind: 'light', minutes: 60 }, { kind: 'awake', minutes: 8 }, { kind: 'light', minutes: 60 }, { kind: 'awake', minutes: 9 }, { kind: 'light', minutes: 60 }];
    const night = analysed(analyseNight(buildNight({ start: START, phases })));
    assert.equal(night.wakeUps, 2);
    near((night.wakeUpTimes[0] - START) / MINUTE, 123, 1, 'first wake-up');
    near((night.wakeUpTimes[1] - START) / MINUTE, 191, 1, 'second wake-up');
  });

  test('a night with no movement and steady rates is deep, after 10 minutes of light sleep at the start', () => {
    const night = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 480 }] })));
    assert.equal(night.sleepMinutes, 480);
    assert.equal(night.stageMinutes.awake + night.stageMinutes.fallingAsleep, 0);
    assert.ok(night.deepSharePercent >= 97, `deep share ${night.deepSharePercent}`);
    assert.ok(night.stageMinutes.light >= 10 && night.stageMinutes.light <= 12, `light ${night.stageMinutes.light}`);
    assert.equal(night.efficiencyPercent, 100);
    assert.equal(night.continuityIndex, 100);
    assert.equal(night.bodyMovements, 0);
  });

  test('restless lying is awake, and a turn-over every 10 minutes is light sleep with body movements counted', () => {
    const night = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'awake', minutes: 60 }, { kind: 'light', minutes: 300 }] })));
    assert.ok(night.stageMinutes.awake >= 60, `awake ${night.stageMinutes.awake}`);
    assert.equal(night.stageMinutes.deep, 0);
    // Turn-overs at each 10th minute of the night's clock: 30 of them in 300 minutes, 6 an hour.
    near(night.bodyMovements, 30, 1, 'body movements');
    near(night.bodyMovementIndex, 6.2, 0.4, 'body movements per hour of sleep');
  });
});

describe('night analysis: nights that are not analysed', () => {
  test('under 10 minutes of sleep is not analysed, and says so', () => {
    const result = analyseNight(buildNight({ start: START, phases: [{ kind: 'awake', minutes: 120 }, { kind: 'steady', minutes: 9 }, { kind: 'out', minutes: 30 }] }));
    assert.equal(result.analysed, false);
    assert.ok(!result.analysed && result.reason === 'tooLittleSleep' && result.sleepMinutes < 10, JSON.stringify(result));
  });

  test('ten minutes of sleep is analysed; nine and a half is not', () => {
    // Lying down still after 10 minutes out of bed: the first 3 minutes are rescored as falling asleep (Webster).
    const lieDown = (minutes: number) => analyseNight(buildNight({ start: START, phases: [{ kind: 'out', minutes: 10 }, { kind: 'steady', minutes }, { kind: 'out', minutes: 30 }] }));
    assert.equal(analysed(lieDown(13)).sleepMinutes, 10);
    assert.deepEqual(lieDown(12.5), { analysed: false, window: { from: START, to: START + 52.5 * MINUTE }, reason: 'tooLittleSleep', sleepMinutes: 9.5 });
  });

  test('no samples, or an empty bed all night, is not analysed', () => {
    assert.deepEqual(analyseNight([]), { analysed: false, window: { from: 0, to: 0 }, reason: 'noData', sleepMinutes: 0 });
    const empty = analyseNight(buildNight({ start: START, phases: [{ kind: 'out', minutes: 600 }] }));
    assert.equal(empty.analysed === false && empty.reason, 'tooLittleSleep');
  });
});

describe('night analysis: breathing pauses (AHI)', () => {
  const pausesOver8Hours = (count: number) => Array.from({ length: count }, (_, k) => ({ at: 600 + k * 700, seconds: 15 }));

  test('40 pauses over 8 hours of sleep is AHI 5, low; 39 is 4.9, none', () => {
    const night = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 480 }, { kind: 'out', minutes: 10 }], pauses: pausesOver8Hours(40) })));
    assert.equal(night.sleepMinutes, 480);
    assert.deepEqual(night.apnea, { assessable: true, ahi: 5, pauses: 40, longestPauseSeconds: 15, grade: 'low' });
    const fewer = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 480 }], pauses: pausesOver8Hours(39) })));
    assert.equal(fewer.apnea.assessable && fewer.apnea.ahi, 4.9);
    assert.equal(fewer.apnea.assessable && fewer.apnea.grade, 'none');
  });

  test('the bands of spec 02 §9: 15 is moderate, 30 high; pauses under 10 s or over 2 minutes are not counted', () => {
    const every = (seconds: number, length: number, hours: number) => Array.from({ length: Math.floor((hours * 3600 - 600) / seconds) }, (_, k) => ({ at: 600 + k * seconds, seconds: length }));
    const ahiOf = (pauses: { at: number; seconds: number }[]) => {
      const night = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 240 }], pauses })));
      return night.apnea.assessable ? [night.apnea.ahi, night.apnea.grade] : [night.apnea.reason];
    };
    assert.deepEqual(ahiOf(every(240, 12, 4)), [14.3, 'low']);
    assert.deepEqual(ahiOf(every(200, 12, 4)), [17.3, 'moderate']);
    assert.deepEqual(ahiOf(every(110, 12, 4)), [31.3, 'high']);
    assert.deepEqual(ahiOf(every(240, 9, 4)), [0, 'none']);
    assert.deepEqual(ahiOf([{ at: 3600, seconds: 200 }]), [0, 'none']);
  });

  test('AHI needs two hours of sleep, and says so when there is less', () => {
    const night = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 90 }], pauses: [{ at: 900, seconds: 20 }] })));
    assert.deepEqual(night.apnea, { assessable: false, reason: 'tooLittleSleep' });
    assert.equal(night.score.parts.apnea, null);
  });
});

describe('night analysis: heart rhythm', () => {
  test('heart and breathing rate: mean and range of 30-second means while on the bed', () => {
    const night = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 60 }, { kind: 'deep', minutes: 60 }, { kind: 'out', minutes: 30 }] })));
    assert.ok(night.heartRate && night.breathRate);
    assert.equal(night.heartRate.max, 60);
    near(night.heartRate.min, 56, 0.5, 'lowest heart rate');
    near(night.heartRate.mean, 58, 0.3, 'mean heart rate');
    assert.equal(night.breathRate.max, 14);
  });

  test('an irregular heart rhythm through the night grades AF risk high; a steady one none', () => {
    const irregular = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'irregular', minutes: 360 }] })));
    assert.deepEqual(irregular.afRisk.assessable && [irregular.afRisk.grade, irregular.afRisk.irregularSharePercent], ['high', 100]);
    const steady = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'light', minutes: 360 }] })));
    assert.equal(steady.afRisk.assessable && steady.afRisk.grade, 'none');
    const mixed = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 240 }, { kind: 'irregular', minutes: 120 }] })));
    assert.equal(mixed.afRisk.assessable && mixed.afRisk.grade, 'moderate');
  });

  test('HRV proxy: 0 for a flat heart rate, larger for a varying one; short nights are not enough to tell', () => {
    const flat = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 300 }] })));
    assert.deepEqual(flat.hrv, { assessable: true, rmssdProxyMs: 0, minutesUsed: 300 });
    const varying = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'deep', minutes: 300 }] })));
    assert.ok(varying.hrv.assessable && varying.hrv.rmssdProxyMs > 5, JSON.stringify(varying.hrv));
    const short = analysed(analyseNight(buildNight({ start: START, phases: [{ kind: 'steady', minutes: 20 }] })));
    assert.deepEqual(short.hrv, { assessable: false, reason: 'tooLittleSleep' });
    assert.deepEqual(short.afRisk, { assessable: false, reason: 'tooLittleSleep' });
  });

  test('a heart rate measured only a quarter of the time is not enough to tell', () => {
    const samples = buildNight({ start: START, phases: [{ kind: 'steady', minutes: 300 }] }).map((sample, i) => (i % 4 ? { ...sample, hr: 0 } : sample));
    const night = analysed(analyseNight(samples));
    assert.deepEqual(night.hrv, { assessable: false, reason: 'tooLittleSignal' });
    assert.deepEqual(night.afRisk, { assessable: false, reason: 'tooLittleSignal' });
  });
});

describe('night analysis: input', () => {
  test('samples out of order, and a window narrower than the samples, give the same answer as sorted ones', () => {
    const samples = buildNight({ start: START, phases: [{ kind: 'out', minutes: 30 }, { kind: 'light', minutes: 200 }, { kind: 'out', minutes: 30 }] });
    const sorted = analyseNight(samples, { from: START + 10 * MINUTE, to: START + 250 * MINUTE });
    const shuffled = analyseNight([...samples].reverse(), { from: START + 10 * MINUTE, to: START + 250 * MINUTE });
    assert.deepEqual(shuffled, sorted);
    assert.deepEqual(sorted.window, { from: START + 10 * MINUTE, to: START + 250 * MINUTE });
  });

  test('a gap in the data (sensor silent for 20 minutes) keeps the bed state and is not a bed exit', () => {
    const samples = buildNight({ start: START, phases: [{ kind: 'light', minutes: 300 }] }).filter((sample) => sample.t < START + 100 * MINUTE || sample.t >= START + 120 * MINUTE);
    const night = analysed(analyseNight(samples));
    assert.equal(night.leftBed.count, 0);
    assert.equal(night.timeInBedMinutes, 300, 'a silent sensor is not an absence');
  });
});
