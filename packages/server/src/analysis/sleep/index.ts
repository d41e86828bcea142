import { EPOCH_SECONDS, MIN_SLEEP_MINUTES, WAKE_UP_MIN_MINUTES, type NightAnalysis, type TelemetrySample } from '@vigil/contracts';
import { findBedPeriod } from './bed.ts';
import { assessApnea } from './breathing.ts';
import { type NightColumns, toColumns } from './columns.ts';
import { buildEpochs, EPOCH_MS, epochOf, type Epochs, PLACE_LYING } from './epochs.ts';
import { assessAfRisk, assessHrv, rateSummary } from './heart.ts';
import { hypnogramOf } from './hypnogram.ts';
import { countBodyMovements } from './movement.ts';
import { scoreNight } from './score.ts';
import { isSleep, runsOf, STAGE_DEEP, stageEpochs } from './staging.ts';
import { ANALYSIS } from './parameters.ts';
import { trendOf } from './trend.ts';

export { toColumns, type NightColumns } from './columns.ts';
export { analyseMonth, summariseNight } from './monthly.ts';
export { stagesFromHypnogram } from './hypnogram.ts';

export interface NightOptions {
  /** Start of the night's window, epoch ms (default: the first sample). */
  from?: number;
  /** End of the window, exclusive (default: one second after the last sample). */
  to?: number;
  /** Out of bed at least this long is a bed exit (the device's bed-leaving mode; default 15 s, balanced). */
  leaveBedSeconds?: number;
}

/**
 * Length of a wake bout up to its last epoch with evidence of waking (movement, or off the
 * lying position): the still tail that Cole–Kripke's trailing weights add is not counted
 * towards the 5 minutes a wake-up needs.
 */
function evidencedWakeEpochs(epochs: Epochs, start: number, end: number): number {
  for (let e = end - 1; e >= start; e -= 1) {
    if (epochs.place[e] !== PLACE_LYING || epochs.moveMax[e] >= ANALYSIS.movementMin) return e - start + 1;
  }
  return 0;
}

const EPOCH_MINUTES = EPOCH_SECONDS / 60;
const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, round1((part / whole) * 100)) : 0);

/**
 * Analyses one night of 1 Hz samples (docs/sleep-analysis.md): pure, no I/O, a few single
 * passes over typed columns. Under 10 minutes of sleep the night is not analysed (spec 02 §9).
 */
export function analyseNight(input: NightColumns | readonly TelemetrySample[], options: NightOptions = {}): NightAnalysis {
  const columns = 't' in input ? input : toColumns(input);
  const from = options.from ?? (columns.length > 0 ? columns.t[0] : 0);
  const to = options.to ?? (columns.length > 0 ? columns.t[columns.length - 1] + 1000 : from);
  const window = { from, to };
  if (columns.length === 0 || to <= from) return { analysed: false, window, reason: 'noData', sleepMinutes: 0 };
  const bed = findBedPeriod(columns, from, to, (options.leaveBedSeconds ?? 15) * 1000);
  if (!bed) return { analysed: false, window, reason: 'tooLittleSleep', sleepMinutes: 0 };
  const epochs = buildEpochs(columns, from, to);
  const { stages, onset, wakeEnd } = stageEpochs(epochs);
  const firstBed = epochOf(epochs, bed.bedTime);
  const endBed = Math.min(epochs.count, epochOf(epochs, bed.getUpTime - 1) + 1);

  const stageEpochCount = [0, 0, 0, 0, 0];
  for (let e = firstBed; e < endBed; e += 1) stageEpochCount[stages[e]] += 1;
  const sleepEpochs = stageEpochCount[3] + stageEpochCount[4];
  const sleepMinutes = sleepEpochs * EPOCH_MINUTES;
  if (onset < 0 || sleepMinutes < MIN_SLEEP_MINUTES) return { analysed: false, window, reason: 'tooLittleSleep', sleepMinutes };

  const onsetTime = epochs.from + onset * EPOCH_MS;
  const wakeTime = epochs.from + wakeEnd * EPOCH_MS;
  const periodEpochs = wakeEnd - onset;
  // Inside the sleep period: bouts of sleep (continuity) and of wake (wake-ups, awake share).
  const periodSleep = new Uint8Array(periodEpochs);
  for (let e = onset; e < wakeEnd; e += 1) periodSleep[e - onset] = isSleep(stages[e]) ? 1 : 0;
  let longBoutEpochs = 0;
  let awakeEpochs = 0;
  const wakeUpTimes: number[] = [];
  for (const run of runsOf(periodSleep)) {
    const length = run.end - run.start;
    if (run.value === 1 && length >= ANALYSIS.continuityBoutEpochs) longBoutEpochs += length;
    if (run.value === 0) {
      awakeEpochs += length;
      if (evidencedWakeEpochs(epochs, onset + run.start, onset + run.end) * EPOCH_MINUTES > WAKE_UP_MIN_MINUTES) wakeUpTimes.push(onsetTime + run.start * EPOCH_MS);
    }
  }
  const sleepHours = sleepMinutes / 60;
  const bodyMovements = countBodyMovements(columns, onsetTime, wakeTime);
  const outOfBedMs = bed.exits.reduce((total, exit) => total + exit.to - exit.from, 0);
  const timeInBedMinutes = round1((bed.getUpTime - bed.bedTime - outOfBedMs) / 60000);
  const efficiencyPercent = percent(sleepMinutes, timeInBedMinutes);
  const deepSharePercent = percent(stageEpochCount[STAGE_DEEP] * EPOCH_MINUTES, sleepMinutes);
  const apnea = assessApnea(columns, epochs, stages);
  const bodyMovementIndex = round1(bodyMovements / sleepHours);
  const score = scoreNight({
    sleepMinutes,
    efficiencyPercent,
    deepSharePercent,
    bodyMovementsPerHour: bodyMovementIndex,
    wakeUpsPerHour: wakeUpTimes.length / sleepHours,
    awakeSharePercent: percent(awakeEpochs, periodEpochs),
    ahi: apnea.assessable ? apnea.ahi : null,
  });

  return {
    analysed: true,
    window,
    epochSeconds: EPOCH_SECONDS,
    bedTime: bed.bedTime,
    getUpTime: bed.getUpTime,
    sleepOnset: onsetTime,
    wakeTime,
    timeInBedMinutes,
    sleepMinutes,
    sleepLatencyMinutes: round1(Math.max(0, onsetTime - bed.bedTime) / 60000),
    stageMinutes: {
      outOfBed: stageEpochCount[0] * EPOCH_MINUTES,
      awake: stageEpochCount[1] * EPOCH_MINUTES,
      fallingAsleep: stageEpochCount[2] * EPOCH_MINUTES,
      light: stageEpochCount[3] * EPOCH_MINUTES,
      deep: stageEpochCount[4] * EPOCH_MINUTES,
    },
    efficiencyPercent,
    deepSharePercent,
    continuityIndex: percent(longBoutEpochs, periodEpochs),
    bodyMovements,
    bodyMovementIndex,
    wakeUps: wakeUpTimes.length,
    wakeUpTimes,
    leftBed: { count: bed.exits.length, exits: bed.exits },
    heartRate: rateSummary(epochs, epochs.hrN, epochs.hrSum, firstBed, endBed),
    breathRate: rateSummary(epochs, epochs.rrN, epochs.rrSum, firstBed, endBed),
    hrv: assessHrv(columns, epochs, stages, sleepMinutes),
    apnea,
    afRisk: assessAfRisk(columns, epochs, stages, onsetTime, wakeTime, sleepMinutes),
    score,
    hypnogram: hypnogramOf(epochs, stages, firstBed, endBed),
    trend: trendOf(epochs, firstBed, endBed),
  };
}
