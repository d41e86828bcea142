import { ALERT_TYPES, type AlertType } from '../devices/alert-types.ts';

/**
 * Alarm groups (spec 02 §3 "Alarm setting"): the unit of the provider's level flag and
 * of a resident's enable flag. Each alert type belongs to exactly one group.
 * The spec's list has no group for the fall radar; Vigil adds `fall` (FALL_ALARM,
 * MAYBE_FALL_ALARM). AWAKE, which the list does not name, sits with `goToBed`
 * (both are bed-presence reminders); EX_BREATH_STOP with the heart/breath exceptions.
 */
export const ALARM_GROUPS = [
  'lowPower', 'offline', 'breakdown', 'dismantle', 'test', 'sos', 'door', 'smoke', 'temperature', 'infrared', 'leftBed',
  'breathStop', 'heartBreathException', 'bodyMove', 'sitUp', 'gas', 'co', 'immersion', 'chestSos', 'chestOffRange', 'goToBed',
  'noTurnOver', 'fall',
] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];

export const ALARM_GROUP_ALERT_TYPES: Readonly<Record<AlarmGroup, readonly AlertType[]>> = {
  lowPower: ['LOW_POWER'],
  offline: ['CONNECTION'],
  breakdown: ['BREAKDOWN'],
  dismantle: ['DISMANTLE'],
  test: ['TEST'],
  sos: ['SOS'],
  door: ['DOOR_OPEN', 'DOOR_CLOSE', 'DOOR_UNCLOSE'],
  smoke: ['SMOKE'],
  temperature: ['HIGH_TEM'],
  infrared: ['INFRARED_8H', 'INFRARED_12H', 'INFRARED_24H'],
  leftBed: ['LEFT_BED', 'LEFT_BED_OVERTIME'],
  breathStop: ['BREATH_STOP'],
  heartBreathException: ['EX_BREATH_FAST', 'EX_BREATH_STOP', 'EX_BREATH_SLOW', 'EX_HEART_SLOW', 'EX_HEART_FAST'],
  bodyMove: ['BODY_MOVE', 'MANY_BODY_MOVE', 'NO_BODY_MOVE'],
  sitUp: ['SITING_UP', 'SIT_UP_ING'],
  gas: ['GAS'],
  co: ['MONOXIDE'],
  immersion: ['WATER'],
  chestSos: ['CHEST_SOS'],
  chestOffRange: ['CHEST_OFF_RANG'],
  goToBed: ['GO_TO_BED', 'AWAKE'],
  noTurnOver: ['NO_TURN_OVER'],
  fall: ['FALL_ALARM', 'MAYBE_FALL_ALARM'],
};

const GROUP_OF = new Map<AlertType, AlarmGroup>(
  ALARM_GROUPS.flatMap((group) => ALARM_GROUP_ALERT_TYPES[group].map((alertType) => [alertType, group] as const)),
);

/** The group an alert type belongs to (every alert type has one; the contracts test checks it). */
export function alarmGroupOf(alertType: AlertType): AlarmGroup {
  const group = GROUP_OF.get(alertType);
  if (!group) throw new Error(`alert type ${alertType} has no alarm group`);
  return group;
}

/** Alert types no group claims (empty when the table is complete). */
export function ungroupedAlertTypes(): AlertType[] {
  return ALERT_TYPES.filter((alertType) => !GROUP_OF.has(alertType));
}
