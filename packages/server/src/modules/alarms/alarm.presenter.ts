import {
  alarmGroupOf,
  alarmMessageConfig,
  AlertTypeSchema,
  DEAL_STATES,
  FOLLOW_UPS,
  formatAlarmDuration,
  formatAlarmText,
  RELEASE_CHOICES,
  SPEECH_LOOPS_PER_ROUND,
  type AlarmRecord,
  type AlertLevelSetting,
  type CheckAlarmNotice,
  type Language,
  type ReleaseSource,
  type ReliefNotice,
} from '@vigil/contracts';
import type { AlarmRow } from './alarm.repository.ts';

const pick = <T extends string>(values: readonly T[], value: string | null): T | null => values.find((candidate) => candidate === value) ?? null;
const releaseSource = (value: number): ReleaseSource => (value === 1 ? 1 : value === 2 ? 2 : value === 3 ? 3 : value === 4 ? 4 : 0);

/** Building / floor / room / bed, the address an alarm shows. */
export function addressOf(row: Pick<AlarmRow, 'floor_area' | 'room' | 'bunk'>): string {
  return [row.floor_area, row.room, row.bunk].filter((part) => part.length > 0).join(' / ');
}

/**
 * Maps an alarm row to the API and socket shape. The message configuration of its
 * device-type/alert-type pair gives the text keys; a pair outside the catalogue gives
 * empty alarm info (spec 02 §5; the store logs it when raising). Voice follows the
 * provider's setting for the alarm's level.
 */
export function presentAlarm(row: AlarmRow, levels: AlertLevelSetting, language: Language): AlarmRecord {
  const alertType = AlertTypeSchema.parse(row.alert_type);
  const config = alarmMessageConfig(row.device_type, alertType);
  const level = row.alert_level === 1 ? 1 : 2;
  const voice = level === 1 ? levels.alertTypeL1 : levels.alertTypeL2;
  const timeStamp = Math.floor(row.raised_at / 1000);
  const address = addressOf(row);
  // A pair outside the catalogue still gets its alert type's text (issue 27: no alarm without text).
  const text = formatAlarmText(language, config?.longKey ?? `long.${alertType}`, { userName: row.user_name, addr: address, duration: formatAlarmDuration(language, row.duration) });
  return {
    id: row.id,
    alertRecordId: row.id,
    type: alarmGroupOf(alertType),
    alertType,
    deviceId: row.device_id,
    deviceType: row.device_type,
    alertLevel: level,
    timeStamp,
    raisedAt: row.raised_at,
    lastAt: row.last_at,
    repeatCount: row.repeat_count,
    duration: row.duration,
    userId: row.resident_id,
    roomId: row.room_id,
    userName: row.user_name,
    bunk: row.bunk,
    room: row.room,
    floorArea: row.floor_area,
    address,
    status: row.status === 1 ? 1 : 0,
    isRelieve: row.relieved === 1,
    releaseSource: releaseSource(row.release_source),
    relievedAt: row.relieved_at,
    voiceWay: voice.globalVoiceWay,
    popup: voice.pc,
    speechCount: voice.globalVoiceWay === 3 ? SPEECH_LOOPS_PER_ROUND : voice.globalVoiceWay === 2 ? 1 : 0,
    speechStartTime: timeStamp,
    showHandler: config?.showHandler ?? false,
    longKey: config?.longKey ?? '',
    shortKey: config?.shortKey ?? '',
    promptKey: config?.promptKey ?? null,
    removeKey: config?.removeKey ?? null,
    text,
    dealState: pick(DEAL_STATES, row.deal_state) ?? 'unDeal',
    handlerId: row.handler_id,
    handler: row.handler_name,
    dealTime: row.deal_time,
    dealOption: pick(RELEASE_CHOICES, row.deal_option),
    followUp: pick(FOLLOW_UPS, row.follow_up),
    remark: row.remark,
    responseMs: row.response_ms === null ? null : Number(row.response_ms),
    removeReason: row.remove_reason,
  };
}

export function reliefNotice(alarm: AlarmRecord): ReliefNotice {
  return {
    alertType: 'RELIVE_ALERT',
    id: alarm.id,
    relievedAlertType: alarm.alertType,
    deviceId: alarm.deviceId,
    deviceType: alarm.deviceType,
    userId: alarm.userId,
    status: alarm.status,
    releaseSource: alarm.releaseSource,
    timeStamp: Math.floor((alarm.relievedAt ?? alarm.lastAt) / 1000),
    removeKey: alarm.removeKey,
  };
}

export function checkAlarmNotice(alarm: AlarmRecord): CheckAlarmNotice {
  return {
    id: alarm.id,
    dealState: alarm.dealState,
    handlerId: alarm.handlerId,
    handler: alarm.handler,
    dealTime: alarm.dealTime,
    dealOption: alarm.dealOption,
    followUp: alarm.followUp,
    remark: alarm.remark,
    responseMs: alarm.responseMs,
  };
}
