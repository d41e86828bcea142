import { EPOCH_MS, type Interval, type NightTruth, type TruthStage } from './truth.ts';

/** The three classes a sleep report tells apart; REM counts as light sleep, as on the device. */
export type ScoredStage = 'awake' | 'light' | 'deep';

const SCORED: Record<Exclude<TruthStage, 'out'>, ScoredStage> = { awake: 'awake', light: 'light', deep: 'deep', rem: 'light' };

export interface EpochScore {
  /** Epochs in bed that were scored. */
  epochs: number;
  /** Share of those where the prediction matched the truth (REM counted as light). */
  accuracy: number;
  /** Cohen's kappa of the same. */
  kappa: number;
}

/**
 * Scores a staging against the truth over the epochs in bed: `predict` answers a stage
 * for the epoch starting at a time (as an analysis would stage it).
 */
export function scoreEpochs(truth: NightTruth, predict: (epochStart: number) => ScoredStage): EpochScore {
  const classes: ScoredStage[] = ['awake', 'light', 'deep'];
  const matrix = classes.map(() => classes.map(() => 0));
  truth.epochs.forEach((stage, index) => {
    if (stage === 'out') return;
    const start = truth.start + index * EPOCH_MS;
    matrix[classes.indexOf(SCORED[stage])][classes.indexOf(predict(start))]++;
  });
  const total = matrix.flat().reduce((sum, count) => sum + count, 0);
  if (total === 0) return { epochs: 0, accuracy: 0, kappa: 0 };
  const agreed = classes.reduce((sum, _class, index) => sum + matrix[index][index], 0) / total;
  const chance = classes.reduce((sum, _class, index) => sum + (matrix[index].reduce((a, b) => a + b, 0) / total) * (matrix.reduce((a, row) => a + row[index], 0) / total), 0);
  return { epochs: total, accuracy: agreed, kappa: chance === 1 ? 1 : (agreed - chance) / (1 - chance) };
}

/** How many true events an analysis found: a found event overlaps a true one, within `toleranceMs`. */
export function matchEvents(truthEvents: readonly Interval[], found: readonly Interval[], toleranceMs = 30_000): { truePositives: number; missed: number; falsePositives: number } {
  const overlaps = (a: Interval, b: Interval) => a.start - toleranceMs < b.end && b.start - toleranceMs < a.end;
  const truePositives = truthEvents.filter((event) => found.some((candidate) => overlaps(event, candidate))).length;
  const falsePositives = found.filter((candidate) => !truthEvents.some((event) => overlaps(event, candidate))).length;
  return { truePositives, missed: truthEvents.length - truePositives, falsePositives };
}
