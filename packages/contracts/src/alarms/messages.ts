import type { AlertType } from '../devices/alert-types.ts';
import { INFRARED_EMPTY_ROOM_SECONDS } from '../devices/alert-types.ts';
import { DEVICE_TYPES, GATEWAY_HOST_TYPE } from '../devices/catalogue.ts';
import type { AlarmTextKey } from './texts/en-us.ts';
import { isReminder } from './reminders.ts';

/**
 * Setting fields that give an alarm its duration (spec 02 §3). `noTurnover` is the
 * spelling some devices use for `noTurnOver`; both are read (see durationKeyAliases).
 */
export const DURATION_KEYS = [
  'leftBedTime', 'breathStopDuration', 'manyBodyMoveDuration', 'noBodyMove', 'noTurnOver', 'breathExceptionDuration', 'heartExceptionDuration',
] as const;
export type DurationKey = (typeof DURATION_KEYS)[number];
export const DURATION_KEY_ALIASES: Readonly<Record<string, DurationKey>> = { noTurnover: 'noTurnOver' };

/** A door open this long raises DOOR_UNCLOSE (fixed; spec 02 gives no setting for it). */
export const DOOR_UNCLOSE_SECONDS = 600;

/** One alarm message configuration entry (spec 02 §3), per device type and alert type. */
export interface AlarmMessageConfig {
  longKey: AlarmTextKey;
  shortKey: AlarmTextKey;
  promptKey?: AlarmTextKey;
  /** Shown instead of the handler button once the alarm is relieved. */
  removeKey?: AlarmTextKey;
  /**
   * Whether the console offers the handle button. The spec hides it for informational
   * reminders; Vigil offers it on every pending item (issue 25: otherwise a reminder sits in
   * the pending list for good), so it is true everywhere and `reminder` marks the reminders.
   */
  showHandler: boolean;
  /** A reminder (notice level, reminders.ts): never escalates, is spoken once, after every alarm (issue 25). */
  reminder?: boolean;
  /** Fixed duration in seconds (infrared empty-room alarms, door left open). */
  duration?: number;
  /** The resident or device setting giving the duration. */
  durationKey?: DurationKey;
}

type Base = Omit<AlarmMessageConfig, 'longKey' | 'shortKey'>;
/** Per alert type; the long and short keys are `long.<type>` and `short.<type>`. */
const BY_ALERT_TYPE: Readonly<Record<AlertType, Base>> = {
  CONNECTION: { showHandler: true, removeKey: 'remove.CONNECTION' },
  SITING_UP: { showHandler: true },
  GO_TO_BED: { showHandler: true },
  AWAKE: { showHandler: true },
  LEFT_BED: { showHandler: true, removeKey: 'remove.LEFT_BED' },
  LEFT_BED_OVERTIME: { showHandler: true, removeKey: 'remove.LEFT_BED', durationKey: 'leftBedTime' },
  SIT_UP_ING: { showHandler: true },
  BREATH_STOP: { showHandler: true, promptKey: 'prompt.BREATH_STOP', durationKey: 'breathStopDuration' },
  BODY_MOVE: { showHandler: true },
  MANY_BODY_MOVE: { showHandler: true, durationKey: 'manyBodyMoveDuration' },
  NO_BODY_MOVE: { showHandler: true, durationKey: 'noBodyMove' },
  NO_TURN_OVER: { showHandler: true, promptKey: 'prompt.NO_TURN_OVER', durationKey: 'noTurnOver' },
  EX_BREATH_FAST: { showHandler: true, durationKey: 'breathExceptionDuration' },
  EX_BREATH_STOP: { showHandler: true, promptKey: 'prompt.EX_BREATH_STOP', durationKey: 'breathExceptionDuration' },
  EX_BREATH_SLOW: { showHandler: true, durationKey: 'breathExceptionDuration' },
  EX_HEART_SLOW: { showHandler: true, durationKey: 'heartExceptionDuration' },
  EX_HEART_FAST: { showHandler: true, durationKey: 'heartExceptionDuration' },
  BREAKDOWN: { showHandler: true, removeKey: 'remove.generic' },
  DISMANTLE: { showHandler: true, removeKey: 'remove.generic' },
  LOW_POWER: { showHandler: true, removeKey: 'remove.generic' },
  SOS: { showHandler: true, promptKey: 'prompt.SOS' },
  WATER: { showHandler: true, promptKey: 'prompt.WATER', removeKey: 'remove.generic' },
  DOOR_OPEN: { showHandler: true },
  DOOR_CLOSE: { showHandler: true },
  DOOR_UNCLOSE: { showHandler: true, duration: DOOR_UNCLOSE_SECONDS, removeKey: 'remove.generic' },
  TEST: { showHandler: true },
  SMOKE: { showHandler: true, promptKey: 'prompt.SMOKE', removeKey: 'remove.generic' },
  HIGH_TEM: { showHandler: true, promptKey: 'prompt.HIGH_TEM', removeKey: 'remove.generic' },
  GAS: { showHandler: true, promptKey: 'prompt.GAS', removeKey: 'remove.generic' },
  MONOXIDE: { showHandler: true, promptKey: 'prompt.MONOXIDE', removeKey: 'remove.generic' },
  INFRARED_8H: { showHandler: true, duration: INFRARED_EMPTY_ROOM_SECONDS.INFRARED_8H, removeKey: 'remove.INFRARED' },
  INFRARED_12H: { showHandler: true, duration: INFRARED_EMPTY_ROOM_SECONDS.INFRARED_12H, removeKey: 'remove.INFRARED' },
  INFRARED_24H: { showHandler: true, duration: INFRARED_EMPTY_ROOM_SECONDS.INFRARED_24H, removeKey: 'remove.INFRARED' },
  CHEST_SOS: { showHandler: true, promptKey: 'prompt.CHEST_SOS' },
  CHEST_OFF_RANG: { showHandler: true, removeKey: 'remove.generic' },
  FALL_ALARM: { showHandler: true, promptKey: 'prompt.FALL_ALARM', removeKey: 'remove.FALL_ALARM' },
  MAYBE_FALL_ALARM: { showHandler: true, promptKey: 'prompt.MAYBE_FALL_ALARM', removeKey: 'remove.FALL_ALARM' },
};

function entry(deviceType: number, alertType: AlertType): AlarmMessageConfig {
  const base = BY_ALERT_TYPE[alertType];
  const longKey: AlarmTextKey = deviceType === GATEWAY_HOST_TYPE && alertType === 'CONNECTION' ? 'long.CONNECTION.gateway' : `long.${alertType}`;
  return { longKey, shortKey: `short.${alertType}`, ...base, ...(isReminder(alertType) ? { reminder: true } : {}) };
}

/**
 * The message configuration catalogue: for every device type, an entry for each alert
 * type it raises (spec 02 §9). Pairs outside the §9 table have no entry.
 */
export const ALARM_MESSAGE_CATALOGUE: ReadonlyMap<number, ReadonlyMap<AlertType, AlarmMessageConfig>> = new Map(
  DEVICE_TYPES.map((info) => [info.type, new Map(info.alertTypes.map((alertType) => [alertType, entry(info.type, alertType)]))]),
);

/** The entry of a pair, or undefined for a pair outside the catalogue (the caller logs it and shows empty alarm info, spec 02 §5). */
export function alarmMessageConfig(deviceType: number, alertType: AlertType): AlarmMessageConfig | undefined {
  return ALARM_MESSAGE_CATALOGUE.get(deviceType)?.get(alertType);
}
