import { ahiGrade, EPOCH_SECONDS, type NightAnalysis } from '@vigil/contracts';
import { BED_IN, type NightColumns } from './columns.ts';
import type { Epochs } from './epochs.ts';
import { ANALYSIS } from './parameters.ts';
import { isSleep } from './staging.ts';

type ApneaResult = Extract<NightAnalysis, { analysed: true }>['apnea'];

/** Samples one second apart at most this far (ms) are consecutive. */
export const CONSECUTIVE_MS = 1500;

/**
 * Breathing pauses and the AHI. A pause is a run of rr = 0 while lying in bed with a heart
 * rate, 10 s to 120 s long, that starts in a sleep epoch (AASM: a cessation of airflow of at
 * least 10 s). AHI = pauses per hour of sleep with breathing measured. A 1 Hz rate cannot see
 * hypopneas (reduced, not absent, breathing), so this counts apneas only.
 */
export function assessApnea(columns: NightColumns, epochs: Epochs, stages: Uint8Array): ApneaResult {
  const { t, hr, rr, bed } = columns;
  let measuredSeconds = 0;
  let sleepSeconds = 0;
  let pauses = 0;
  let longest = 0;
  let runStart = -1;
  let runLast = -1;
  let runInSleep = false;
  const closeRun = () => {
    if (runStart < 0) return;
    const seconds = Math.round((runLast - runStart) / 1000) + 1;
    if (runInSleep && seconds >= ANALYSIS.pauseMinSeconds && seconds <= ANALYSIS.pauseMaxSeconds) {
      pauses += 1;
      measuredSeconds += seconds;
      if (seconds > longest) longest = seconds;
    }
    runStart = -1;
  };
  for (let i = 0; i < columns.length; i += 1) {
    const e = epochs.ofSample[i];
    if (e < 0) continue;
    const asleep = isSleep(stages[e]);
    if (asleep) sleepSeconds += 1;
    const held = bed[i] === BED_IN && hr[i] > 0 && rr[i] === 0;
    if (held) {
      if (runStart >= 0 && t[i] - runLast <= CONSECUTIVE_MS) {
        runLast = t[i];
        continue;
      }
      closeRun();
      runStart = t[i];
      runLast = t[i];
      runInSleep = asleep;
      continue;
    }
    closeRun();
    if (asleep && rr[i] > 0) measuredSeconds += 1;
  }
  closeRun();
  if (sleepSeconds < ANALYSIS.ahiMinHours * 3600 - EPOCH_SECONDS) return { assessable: false, reason: 'tooLittleSleep' };
  const hours = measuredSeconds / 3600;
  if (hours < ANALYSIS.ahiMinHours) return { assessable: false, reason: 'tooLittleSignal' };
  const ahi = Math.round((pauses / hours) * 10) / 10;
  return { assessable: true, ahi, pauses, longestPauseSeconds: longest, grade: ahiGrade(ahi) };
}
