import type { AlertType } from './alert-types.ts';
import { deviceTypeInfo } from './catalogue.ts';
import type { DeviceEventType } from './protocol.ts';

/**
 * The alarms each device event can lead to (the rules in server/src/rules/event-rules.ts): a device
 * type sends an event type only when it can raise one of them (the catalogue's §9 table). `pairing`
 * comes from gateway hosts, `site` from fall radars; neither raises an alarm.
 */
export const EVENT_ALERT_TYPES: Readonly<Record<Exclude<DeviceEventType, 'pairing' | 'site'>, readonly AlertType[]>> = {
  door: ['DOOR_OPEN', 'DOOR_CLOSE', 'DOOR_UNCLOSE'],
  motion: ['INFRARED_8H', 'INFRARED_12H', 'INFRARED_24H'],
  smoke: ['SMOKE'],
  highTemperature: ['HIGH_TEM'],
  gas: ['GAS'],
  monoxide: ['MONOXIDE'],
  water: ['WATER'],
  sos: ['SOS'],
  fall: ['FALL_ALARM', 'MAYBE_FALL_ALARM'],
  badgeSos: ['CHEST_SOS'],
  offRange: ['CHEST_OFF_RANG'],
  lowPower: ['LOW_POWER'],
  breakdown: ['BREAKDOWN'],
  dismantle: ['DISMANTLE'],
  test: ['TEST'],
};

/** Whether a device of this type sends this event type (docs/device-protocol.md "Events per device type"). */
export function deviceSendsEvent(deviceType: number, eventType: DeviceEventType): boolean {
  const info = deviceTypeInfo(deviceType);
  if (!info) return false;
  if (eventType === 'pairing') return info.kind === 'gatewayHost';
  if (eventType === 'site') return info.kind === 'fallRadar';
  return EVENT_ALERT_TYPES[eventType].some((alertType) => info.alertTypes.includes(alertType));
}
