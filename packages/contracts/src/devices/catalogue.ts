import type { Edition } from '../edition.ts';
import type { AlertType } from './alert-types.ts';
import { DEVICE_ID_MAX, SUB_DEVICES_PER_HOST_MAX } from '../domain-limits.ts';
export { DEVICE_ID_MAX, SUB_DEVICES_PER_HOST_MAX };

/**
 * The device catalogue (spec 02 §3 "Device types", §9 "Alarm types by device"):
 * the one table of device types. Server, console and simulator read it; nothing
 * else lists device types.
 */
export const DEVICE_KINDS = [
  'sleepMonitor',
  'emergencyCall',
  'waterImmersion',
  'doorMagnet',
  'smoke',
  'gas',
  'carbonMonoxide',
  'humanMotion',
  'electronicBadge',
  'fallRadar',
  'gatewayHost',
  'nurseWatch',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * How a device reaches Vigil: `direct` over the device protocol (MQTT or HTTP),
 * `carrier` through a telecom NB-IoT platform (adapter, spec 02 §7 syncThirdDevice),
 * `gateway` as a sub-device of a gateway host (LHD8100), reporting through the host.
 */
export type DeviceLink = 'direct' | 'carrier' | 'gateway';

/** What a device is bound to: sleep monitors, badges and watches to a bed or resident; radars and room sensors to a room. */
export type BindingTarget = 'bed' | 'room' | 'resident';

/** Console screen that manages the type (spec 02 §2); the last three exist in the overseas edition only. */
export type DeviceScreen = 'deviceManage' | 'ed719Device' | 'safeDeviceManage' | 'hostDevice';

/** Settings groups a type has (their fields and defaults are in device-settings.ts). */
export type DeviceSettingsKind = 'sleepMonitor' | 'fallRadar' | 'none';

export interface DeviceTypeInfo {
  /** Numeric device type, as devices and the API send it. */
  type: number;
  model: string;
  /** Type code (spec 02 §3). Carbon monoxide has none in the spec: Vigil uses NB_CO. */
  code: string;
  /** Other codes accepted for this type (NB_FUEL_GAS is an alias of NB_GAS). */
  aliases?: readonly string[];
  kind: DeviceKind;
  /** Edition whose console shows it; `all` for both. */
  edition: Edition | 'all';
  /** Ways it may connect; the first is the usual one. */
  links: readonly DeviceLink[];
  bindsTo: readonly BindingTarget[];
  screen: DeviceScreen;
  /** Alert types it can raise (spec 02 §9). */
  alertTypes: readonly AlertType[];
  settings: DeviceSettingsKind;
}

const BED_MONITOR_ALERTS: readonly AlertType[] = [
  'CONNECTION', 'SITING_UP', 'GO_TO_BED', 'AWAKE', 'LEFT_BED', 'LEFT_BED_OVERTIME', 'SIT_UP_ING', 'BREATH_STOP', 'BODY_MOVE',
  'MANY_BODY_MOVE', 'NO_BODY_MOVE', 'NO_TURN_OVER', 'EX_BREATH_FAST', 'EX_BREATH_STOP', 'EX_BREATH_SLOW', 'EX_HEART_SLOW', 'EX_HEART_FAST',
];
const INFRARED_ALERTS: readonly AlertType[] = ['INFRARED_8H', 'INFRARED_12H', 'INFRARED_24H'];
const DOOR_ALERTS: readonly AlertType[] = ['CONNECTION', 'LOW_POWER', 'DOOR_OPEN', 'DOOR_CLOSE', 'DOOR_UNCLOSE'];
const GAS_ALERTS: readonly AlertType[] = ['CONNECTION', 'BREAKDOWN', 'DISMANTLE', 'TEST', 'GAS'];
const FALL_ALERTS: readonly AlertType[] = ['CONNECTION', 'FALL_ALARM', 'MAYBE_FALL_ALARM'];

const sleepMonitor = (type: number, model: string, code: string): DeviceTypeInfo => ({
  type, model, code, kind: 'sleepMonitor', edition: 'all', links: ['direct'], bindsTo: ['bed', 'resident'], screen: 'deviceManage',
  alertTypes: BED_MONITOR_ALERTS, settings: 'sleepMonitor',
});
/** Security sensors report through a carrier's NB-IoT platform, or as a gateway's sub-device. */
const securitySensor = (type: number, model: string, code: string, kind: DeviceKind, alertTypes: readonly AlertType[], aliases?: readonly string[]): DeviceTypeInfo => ({
  type, model, code, ...(aliases ? { aliases } : {}), kind, edition: 'overseas', links: ['carrier', 'gateway'], bindsTo: ['room'], screen: 'safeDeviceManage',
  alertTypes, settings: 'none',
});

export const DEVICE_TYPES: readonly DeviceTypeInfo[] = [
  sleepMonitor(49, 'BM8701-2', 'BM8701_2'),
  sleepMonitor(52, 'M8701W', 'M8701W'),
  sleepMonitor(59, 'M901L', 'M901L'),
  sleepMonitor(20489, 'Z400TWP-3', 'Z400TWP_3'),
  securitySensor(20993, 'SOS-N03', 'NB_SOS', 'emergencyCall', ['CONNECTION', 'BREAKDOWN', 'DISMANTLE', 'LOW_POWER', 'SOS']),
  securitySensor(20994, 'SR-N06', 'NB_FLOOD', 'waterImmersion', ['CONNECTION', 'LOW_POWER', 'WATER']),
  securitySensor(20995, 'MC-N01', 'NB_DOOR', 'doorMagnet', DOOR_ALERTS),
  securitySensor(20996, 'YG-09N', 'NB_SMOKE', 'smoke', ['CONNECTION', 'BREAKDOWN', 'LOW_POWER', 'TEST', 'SMOKE', 'HIGH_TEM']),
  securitySensor(20997, 'QG-N05', 'NB_GAS', 'gas', GAS_ALERTS, ['NB_FUEL_GAS']),
  securitySensor(20998, 'CO-N05', 'NB_CO', 'carbonMonoxide', ['CONNECTION', 'BREAKDOWN', 'DISMANTLE', 'TEST', 'MONOXIDE']),
  securitySensor(20999, 'HW-N05', 'NB_BODY', 'humanMotion', ['CONNECTION', 'LOW_POWER', 'BREAKDOWN', 'DISMANTLE', 'TEST', ...INFRARED_ALERTS]),
  {
    type: 21000, model: 'A26', code: 'NB_E_BADGE', kind: 'electronicBadge', edition: 'all', links: ['carrier'], bindsTo: ['resident', 'bed'], screen: 'deviceManage',
    alertTypes: ['CONNECTION', 'LOW_POWER', 'CHEST_SOS', 'CHEST_OFF_RANG'], settings: 'none',
  },
  {
    type: 21007, model: 'ED719W', code: 'FALL_RADAR', kind: 'fallRadar', edition: 'overseas', links: ['direct'], bindsTo: ['room'], screen: 'ed719Device',
    alertTypes: FALL_ALERTS, settings: 'fallRadar',
  },
  {
    type: 21011, model: 'ED719N', code: 'FALL_RADAR', kind: 'fallRadar', edition: 'domestic', links: ['direct'], bindsTo: ['room'], screen: 'deviceManage',
    alertTypes: FALL_ALERTS, settings: 'fallRadar',
  },
  {
    type: 21008, model: 'LHD8100', code: 'LHD8100', kind: 'gatewayHost', edition: 'overseas', links: ['direct'], bindsTo: ['room'], screen: 'hostDevice',
    alertTypes: ['CONNECTION'], settings: 'none',
  },
  {
    type: 21009, model: 'HO-033FK', code: 'HO_033FK', kind: 'doorMagnet', edition: 'overseas', links: ['gateway'], bindsTo: ['room'], screen: 'hostDevice',
    alertTypes: DOOR_ALERTS, settings: 'none',
  },
  {
    type: 21010, model: 'LH-910FK', code: 'LH_910FK', kind: 'humanMotion', edition: 'overseas', links: ['gateway'], bindsTo: ['room'], screen: 'hostDevice',
    alertTypes: ['CONNECTION', ...INFRARED_ALERTS], settings: 'none',
  },
  {
    type: 21012, model: 'NB-R3', code: 'WATCH', kind: 'nurseWatch', edition: 'all', links: ['carrier'], bindsTo: ['resident', 'bed'], screen: 'deviceManage',
    alertTypes: ['CONNECTION'], settings: 'none',
  },
];

/** Numeric device types, for input validation. */
export const DEVICE_TYPE_NUMBERS: readonly number[] = DEVICE_TYPES.map((info) => info.type);

const BY_TYPE = new Map(DEVICE_TYPES.map((info) => [info.type, info]));

/** The catalogue entry of a numeric type, or undefined for a type Vigil does not support. */
export function deviceTypeInfo(type: number): DeviceTypeInfo | undefined {
  return BY_TYPE.get(type);
}

/** The catalogue entry for a type code or alias (case-sensitive, as the spec spells them); the first match for FALL_RADAR. */
export function deviceTypeByCode(code: string): DeviceTypeInfo | undefined {
  return DEVICE_TYPES.find((info) => info.code === code || info.aliases?.includes(code));
}

/** Sleep monitor types (spec 02 §3: 49, 52, 59 and 20489). */
export const SLEEP_MONITOR_TYPES: readonly number[] = DEVICE_TYPES.filter((info) => info.kind === 'sleepMonitor').map((info) => info.type);
/** Only type 21000 is treated as a badge (spec 02 §3). */
export const BADGE_TYPE = 21000;
export const GATEWAY_HOST_TYPE = 21008;

/** True when the type may raise the alert type (the §9 table). */
export function deviceRaises(type: number, alertType: AlertType): boolean {
  return deviceTypeInfo(type)?.alertTypes.includes(alertType) ?? false;
}

/** True when the console of this edition shows and manages the type. */
export function shownInEdition(info: DeviceTypeInfo, edition: Edition): boolean {
  return info.edition === 'all' || info.edition === edition;
}

/** Device IDs (plain text): digits, letters and hyphen only (spec 02 §5). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]+$/;
/** A gateway host carries fewer than 50 sub-devices (spec 02 §3, §5, §9). */
