// The values of alert-types.ts without zod (the console's screens read them; alert-types.ts has the schemas).

/**
 * Every alert type a device can raise (spec 02 §9 "Alarm types by device").
 * The spec names the infrared empty-room alarms only by their hours; Vigil spells
 * them INFRARED_8H, INFRARED_12H and INFRARED_24H.
 */
export const ALERT_TYPES = [
  'CONNECTION',
  // Bed monitors
  'SITING_UP',
  'GO_TO_BED',
  'AWAKE',
  'LEFT_BED',
  'LEFT_BED_OVERTIME',
  'SIT_UP_ING',
  'BREATH_STOP',
  'BODY_MOVE',
  'MANY_BODY_MOVE',
  'NO_BODY_MOVE',
  'NO_TURN_OVER',
  'EX_BREATH_FAST',
  'EX_BREATH_STOP',
  'EX_BREATH_SLOW',
  'EX_HEART_SLOW',
  'EX_HEART_FAST',
  // Home-safety sensors
  'BREAKDOWN',
  'DISMANTLE',
  'LOW_POWER',
  'SOS',
  'WATER',
  'DOOR_OPEN',
  'DOOR_CLOSE',
  'DOOR_UNCLOSE',
  'TEST',
  'SMOKE',
  'HIGH_TEM',
  'GAS',
  'MONOXIDE',
  'INFRARED_8H',
  'INFRARED_12H',
  'INFRARED_24H',
  // Electronic badge
  'CHEST_SOS',
  'CHEST_OFF_RANG',
  // Fall radar
  'FALL_ALARM',
  'MAYBE_FALL_ALARM',
] as const;
