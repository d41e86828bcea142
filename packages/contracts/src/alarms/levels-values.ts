import { ALARM_GROUPS, type AlarmGroup } from './groups-values.ts';
import type { VoiceWay } from './handling-values.ts';

export type VoiceSetting = { pc: boolean; globalVoiceWay: VoiceWay };

/** An orange alarm still pending after this many minutes is raised to red and announced again. */
export const ESCALATION_MINUTES_DEFAULT = 3;
export const ESCALATION_MINUTES_MIN = 1;
export const ESCALATION_MINUTES_MAX = 60;

export type AlarmGroupLevels = Record<AlarmGroup, 1 | 2>;

export type AlertLevelSetting = {
  levels: AlarmGroupLevels;
  alertTypeL1: VoiceSetting;
  alertTypeL2: VoiceSetting;
  escalationMinutes: number;
  saved: boolean;
};

const RED_GROUPS: readonly AlarmGroup[] = [
  'sos', 'smoke', 'temperature', 'gas', 'co', 'immersion', 'chestSos', 'breathStop', 'heartBreathException', 'fall', 'leftBed',
];

/** What a provider has until it saves its own: life-safety groups red, the rest orange; red speaks repeatedly, orange once. */
export const DEFAULT_ALERT_LEVEL_SETTING: AlertLevelSetting = {
  levels: Object.fromEntries(ALARM_GROUPS.map((group) => [group, RED_GROUPS.includes(group) ? 1 : 2])) as AlarmGroupLevels,
  alertTypeL1: { pc: true, globalVoiceWay: 3 },
  alertTypeL2: { pc: true, globalVoiceWay: 2 },
  escalationMinutes: ESCALATION_MINUTES_DEFAULT,
  saved: false,
};
