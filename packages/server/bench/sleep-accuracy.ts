/**
 * Accuracy of the sleep analysis against the simulator's seeded nights with ground truth
 * (packages/simulator/src/nights): stage agreement per 30-s epoch in bed (awake / light / deep,
 * REM counted as light, falling asleep and out of bed as awake) with Cohen's kappa, and the
 * errors of bed-exit count, AHI (pauses per hour of sleep), sleep time, deep share and wake-ups.
 */
import { generateNightSet, scoreEpochs, summarizeTruth, type ScoredStage } from '@vigil/simulator';
import { analyseNight, stagesFromHypnogram } from '../src/analysis/sleep/index.ts';

export interface AccuracyFigures {
  nights: number;
  notAnalysed: number;
  stageAccuracy: number;
  kappa: number;
  bedExitCountMeanAbsError: number;
  bedExitsExact: number;
  pauseRecall: number;
  ahiMeanAbsError: number;
  ahiBandAgreement: number;
  sleepMinutesMeanAbsError: number;
  deepShareMeanAbsError: number;
  wakeUpsMeanAbsError: number;
}

const SCORED: readonly ScoredStage[] = ['awake', 'awake', 'awake', 'light', 'deep'];
const band = (ahi: number) => (ahi >= 30 ? 3 : ahi >= 15 ? 2 : ahi >= 5 ? 1 : 0);
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Scores the analysis on `count` nights of the simulator's reproducible set. */
export function scoreAgainstSimulator(seed: number, count: number): AccuracyFigures {
  const nights = generateNightSet({ seed, count, firstBedTime: Date.UTC(2026, 0, 5, 21, 0) });
  let notAnalysed = 0;
  let epochs = 0;
  let agreedWeighted = 0;
  let kappaWeighted = 0;
  const exitErrors: number[] = [];
  const ahiErrors: number[] = [];
  const sleepErrors: number[] = [];
  const deepErrors: number[] = [];
  const wakeErrors: number[] = [];
  let bandAgreed = 0;
  let bandCompared = 0;
  let pausesFound = 0;
  let pausesTrue = 0;
  for (const night of nights) {
    const { truth } = night;
    const summary = summarizeTruth(truth);
    const analysis = analyseNight(night.samples(truth.start, truth.end), { from: truth.start, to: truth.end });
    if (!analysis.analysed) {
      notAnalysed += 1;
      continue;
    }
    const count = Math.ceil((truth.end - truth.start) / 30_000);
    const stages = stagesFromHypnogram(analysis.hypnogram, truth.start, count);
    const score = scoreEpochs(truth, (start) => SCORED[stages[Math.floor((start - truth.start) / 30_000)]]);
    epochs += score.epochs;
    agreedWeighted += score.accuracy * score.epochs;
    kappaWeighted += score.kappa * score.epochs;
    exitErrors.push(Math.abs(analysis.leftBed.count - summary.bedExitCount));
    sleepErrors.push(Math.abs(analysis.sleepMinutes - summary.totalSleepMs / 60_000));
    deepErrors.push(Math.abs(analysis.deepSharePercent - summary.deepShare * 100));
    wakeErrors.push(Math.abs(analysis.wakeUps - summary.wakeUps));
    if (analysis.apnea.assessable) {
      ahiErrors.push(Math.abs(analysis.apnea.ahi - summary.pausesPerHour));
      bandCompared += 1;
      if (band(analysis.apnea.ahi) === band(summary.pausesPerHour)) bandAgreed += 1;
      // Count-level recall: pauses found (capped at the true count) over true pauses.
      pausesFound += Math.min(analysis.apnea.pauses, summary.breathingPauseCount);
      pausesTrue += summary.breathingPauseCount;
    }
  }
  return {
    nights: nights.length,
    notAnalysed,
    stageAccuracy: epochs ? agreedWeighted / epochs : 0,
    kappa: epochs ? kappaWeighted / epochs : 0,
    bedExitCountMeanAbsError: mean(exitErrors),
    bedExitsExact: exitErrors.filter((error) => error === 0).length,
    pauseRecall: pausesTrue ? pausesFound / pausesTrue : 1,
    ahiMeanAbsError: mean(ahiErrors),
    ahiBandAgreement: bandCompared ? bandAgreed / bandCompared : 0,
    sleepMinutesMeanAbsError: mean(sleepErrors),
    deepShareMeanAbsError: mean(deepErrors),
    wakeUpsMeanAbsError: mean(wakeErrors),
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** The figures as lines for bench:reports. */
export function accuracyLines(figures: AccuracyFigures): string[] {
  return [
    `nights scored: ${figures.nights} (${figures.notAnalysed} not analysed)`,
    `stage agreement per 30-s epoch in bed (awake/light/deep): ${percent(figures.stageAccuracy)}, Cohen's kappa ${figures.kappa.toFixed(2)}`,
    `bed-exit count: mean absolute error ${figures.bedExitCountMeanAbsError.toFixed(2)}, exact on ${figures.bedExitsExact} of ${figures.nights} nights`,
    `AHI (pauses per hour of sleep): mean absolute error ${figures.ahiMeanAbsError.toFixed(2)}, same band on ${percent(figures.ahiBandAgreement)} of nights, pauses found ${percent(figures.pauseRecall)}`,
    `sleep time: mean absolute error ${figures.sleepMinutesMeanAbsError.toFixed(1)} min; deep share: ${figures.deepShareMeanAbsError.toFixed(1)} points; wake-ups: ${figures.wakeUpsMeanAbsError.toFixed(2)} a night`,
  ];
}
