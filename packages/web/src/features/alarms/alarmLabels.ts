import type { AlarmGroup, FollowUp, ReleaseChoice, ResidentAlarmField } from '@vigil/contracts';
import type { KeyOf } from '../../i18n/namespaces.ts';
import type { VoiceWay } from './voice/voiceSchedule.ts';

/** Labels of the §3 release choices. */
export const RELEASE_LABELS: Readonly<Record<ReleaseChoice, KeyOf<'alarms'>>> = {
  CHECKED: 'alarms.release.checked',
  MISTAKE_RECHECK: 'alarms.release.mistakeRecheck',
  MISTAKE_ABNORMAL: 'alarms.release.mistakeAbnormal',
  TEST: 'alarms.release.test',
  REMOVE_DEVICE: 'alarms.release.removeDevice',
};

/** Labels of the §3 follow-up options. */
export const FOLLOW_UP_LABELS: Readonly<Record<FollowUp, KeyOf<'alarms'>>> = {
  NO_ABNORMALITY: 'alarms.followUp.noAbnormality',
  BED_HOLD_UP: 'alarms.followUp.bedHoldUp',
  SIT_ASIDE_BED: 'alarms.followUp.sitAsideBed',
  LIVING_OR_SIT_IN_TAIL_STOCK: 'alarms.followUp.upOrAtFootOfBed',
};

/** Labels of the alarm groups (spec 02 §3 Alarm setting). */
export const GROUP_LABELS: Readonly<Record<AlarmGroup, KeyOf<'alarms'>>> = {
  lowPower: 'alarms.group.lowPower',
  offline: 'alarms.group.offline',
  breakdown: 'alarms.group.breakdown',
  dismantle: 'alarms.group.dismantle',
  test: 'alarms.group.test',
  sos: 'alarms.group.sos',
  door: 'alarms.group.door',
  smoke: 'alarms.group.smoke',
  temperature: 'alarms.group.temperature',
  infrared: 'alarms.group.infrared',
  leftBed: 'alarms.group.leftBed',
  breathStop: 'alarms.group.breathStop',
  heartBreathException: 'alarms.group.heartBreathException',
  bodyMove: 'alarms.group.bodyMove',
  sitUp: 'alarms.group.sitUp',
  gas: 'alarms.group.gas',
  co: 'alarms.group.co',
  immersion: 'alarms.group.immersion',
  chestSos: 'alarms.group.chestSos',
  chestOffRange: 'alarms.group.chestOffRange',
  goToBed: 'alarms.group.goToBed',
  noTurnOver: 'alarms.group.noTurnOver',
  fall: 'alarms.group.fall',
};

/** Labels of the voice modes (spec 02 §4). */
export const VOICE_WAY_LABELS: Readonly<Record<VoiceWay, KeyOf<'alarms'>>> = {
  0: 'alarms.voiceWay.mute',
  1: 'alarms.voiceWay.tick',
  2: 'alarms.voiceWay.once',
  3: 'alarms.voiceWay.repeat',
};

/** Labels of a resident's alarm setting fields. */
export const FIELD_LABELS: Readonly<Record<ResidentAlarmField, KeyOf<'alarms'>>> = {
  leftBedTime: 'alarms.field.leftBedTime',
  breathStopDuration: 'alarms.field.breathStopDuration',
  manyBodyMoveDuration: 'alarms.field.manyBodyMoveDuration',
  noBodyMove: 'alarms.field.noBodyMove',
  noTurnOver: 'alarms.field.noTurnOver',
  breathExceptionDuration: 'alarms.field.breathExceptionDuration',
  heartExceptionDuration: 'alarms.field.heartExceptionDuration',
  heartRateMin: 'alarms.field.heartRateMin',
  heartRateMax: 'alarms.field.heartRateMax',
  breathRateMin: 'alarms.field.breathRateMin',
  breathRateMax: 'alarms.field.breathRateMax',
  bodyMoveThreshold: 'alarms.field.bodyMoveThreshold',
  manyBodyMovePerMinute: 'alarms.field.manyBodyMovePerMinute',
};
