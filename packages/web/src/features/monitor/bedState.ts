import type { ResidentLiveState } from '@vigil/contracts';
import type { KeyOf } from '../../i18n/namespaces.ts';

/**
 * The §4 sleep states as one label per card, plus "no data" and "offline". The §4 bed
 * vacant/occupied is in the state itself ('Out of bed' is the vacant bed): shown beside it,
 * "Out of bed · Bed vacant" read as a bed without a resident (issue 25 item 18).
 */
export type BedDisplayState =
  | 'awake' | 'fallingAsleep' | 'lightSleep' | 'deepSleep' | 'inBed' | 'suspectedSitting' | 'sitting' | 'outOfBed' | 'sensorDropped' | 'noData' | 'offline';

/** What a card shows for a resident's live state (spec 02 §4 sleep states). */
export function bedDisplayState(state: ResidentLiveState): BedDisplayState {
  if (state.deviceOnline === false) return 'offline';
  switch (state.bedState) {
    case null:
      return 'noData';
    case 'out':
      return 'outOfBed';
    case 'dropped':
      return 'sensorDropped';
    case 'sitting':
      return 'sitting';
    case 'suspectedSitting':
      return 'suspectedSitting';
    case 'in':
      switch (state.sleepState) {
        case 'awake':
          return 'awake';
        case 'fallingAsleep':
          return 'fallingAsleep';
        case 'light':
          return 'lightSleep';
        case 'deep':
          return 'deepSleep';
        default:
          return 'inBed';
      }
  }
}

/** The most urgent open alarm level (1 red, 2 orange), or null. */
export function alarmLevel(state: ResidentLiveState): 1 | 2 | null {
  if (!state.openAlarms.length) return null;
  return state.openAlarms.some((alarm) => alarm.alertLevel === 1) ? 1 : 2;
}

export const STATE_LABELS: Readonly<Record<BedDisplayState, KeyOf<'monitor'>>> = {
  awake: 'monitor.state.awake',
  fallingAsleep: 'monitor.state.fallingAsleep',
  lightSleep: 'monitor.state.lightSleep',
  deepSleep: 'monitor.state.deepSleep',
  inBed: 'monitor.state.inBed',
  suspectedSitting: 'monitor.state.suspectedSitting',
  sitting: 'monitor.state.sitting',
  outOfBed: 'monitor.state.outOfBed',
  sensorDropped: 'monitor.state.sensorDropped',
  noData: 'monitor.state.noData',
  offline: 'monitor.state.offline',
};
