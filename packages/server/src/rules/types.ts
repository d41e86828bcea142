import type { AlertType, ReleaseSource, ResidentAlarmSettings } from '@vigil/contracts';

/** What a rule asks the alarm store to do. Times are epoch ms; durations seconds. */
export type RuleAction =
  | { kind: 'raise'; alertType: AlertType; at: number; duration: number | null }
  | { kind: 'relieve'; alertType: AlertType; at: number; source: ReleaseSource };

export interface RuleOutcome<State> {
  state: State;
  actions: RuleAction[];
}

/** The settings a rule reads: the resident's (or, for a device without a resident, everything enabled with the defaults). */
export type RuleSettings = ResidentAlarmSettings;

export const raise = (alertType: AlertType, at: number, duration: number | null = null): RuleAction => ({ kind: 'raise', alertType, at, duration });
export const relieve = (alertType: AlertType, at: number, source: ReleaseSource): RuleAction => ({ kind: 'relieve', alertType, at, source });

/** True once `since` lies at least `seconds` before `time`. */
export function lasted(since: number | null, time: number, seconds: number): boolean {
  return since !== null && time - since >= seconds * 1000;
}
