import { RELEASE_REASONS, type AlarmGroup, type ReleaseReason, type ReleaseSource, type ResidentAlarmField } from '@vigil/contracts';
import type { KeyOf } from '../../i18n/namespaces.ts';
import type { VoiceWay } from './voice/voiceSchedule.ts';


/** Labels of the reasons to release an alarm without handling it. */
export const RELEASE_REASON_LABELS: Readonly<Record<ReleaseReason, KeyOf<'alarms'>>> = {
  falseAlarm: 'alarms.releaseWith.falseAlarm',
  maintenance: 'alarms.releaseWith.maintenance',
  test: 'alarms.releaseWith.test',
};

/** Labels of the §4 release sources. */
export const RELEASE_SOURCE_LABELS: Readonly<Record<ReleaseSource, KeyOf<'alarms'>>> = {
  0: 'alarms.releaseSource.none',
  1: 'alarms.releaseSource.software',
  2: 'alarms.releaseSource.automatic',
  3: 'alarms.releaseSource.device',
  4: 'alarms.releaseSource.watch',
};

/** A stored removal reason for display: a known code (with its note) in the reader's language, anything else as written. */
export function removalReasonText(reason: string | null, label: (key: KeyOf<'alarms'>) => string): string | null {
  if (!reason) return null;
  const [code, ...rest] = reason.split(': ');
  const known = RELEASE_REASONS.find((value) => value === code);
  if (!known) return reason;
  return [label(RELEASE_REASON_LABELS[known]), rest.join(': ')].filter(Boolean).join(': ');
}


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
