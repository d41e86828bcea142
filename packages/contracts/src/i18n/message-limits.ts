import { ESCALATION_AFTER_MINUTES_MAX, ESCALATION_AFTER_MINUTES_MIN, ESCALATION_EMAILS_MAX, ESCALATION_ROSTER_MAX, ESCALATION_STEPS_MAX } from '../operations/escalation-values.ts';
import { ESCALATION_MINUTES_MAX, ESCALATION_MINUTES_MIN } from '../alarms/levels-values.ts';
import { ANALYTICS_RANGE_DAYS_MAX, BUILD_NUMBER_MAX, DEVICE_ID_MAX, FIRMWARE_VERSION_MAX, RESPONSE_TARGET_SECONDS_MAX, RESPONSE_TARGET_SECONDS_MIN, SHIFT_COUNT_MAX, SHIFT_COUNT_MIN, STATISTICS_MULT_MAX, STATISTICS_MULT_MIN, SUB_DEVICES_PER_HOST_MAX, VERSION_NAME_MAX, WEBHOOK_URL_MAX } from '../domain-limits.ts';
import { LEAVE_BED_MODE_SECONDS, REPORT_INTERVAL_MAX_S, REPORT_INTERVAL_MIN_S } from '../devices/device-settings-values.ts';
import { FALL_MODE_LIMITS, FALL_SHIELD_SIZE_MIN, FALL_SHIELDED_AREAS_MAX } from '../devices/fall-radar-values.ts';
import type { Language } from '../languages.ts';
import {
  BATCH_NAMES_MAX,
  CARE_CONFIG_KEYS_MAX,
  CARE_LEVEL_MAX,
  CARE_LEVEL_MIN,
  CAREGIVERS_PER_RESIDENT_MAX,
  CONTACTS_PER_RESIDENT_MAX,
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_MIN,
  FOCUS_USERS_MAX,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
  HEIGHT_MAX,
  HEIGHT_MIN,
  LATITUDE_MAX,
  LIVE_SUBSCRIPTION_DEVICES_MAX,
  LOGIN_NAME_MAX,
  LOGIN_NAME_MIN,
  INSTALL_PAGE_BYTES_MAX,
  LOGO_MAX_BYTES,
  LOGO_SIZE_PX,
  LONGITUDE_MAX,
  ORIGIN_DATA_RANGE_MAX_DAYS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PERSON_NAME_MAX,
  PERSON_NAME_MIN,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  PLACE_NAME_MAX,
  PLACE_NAME_MIN,
  PLATFORM_NAME_MAX,
  PLATFORM_NAME_MIN,
  PROVIDER_NAME_MAX,
  PROVIDER_NAME_MIN,
  RESIDENTS_PER_CAREGIVER_MAX,
  WEIGHT_MAX,
  WEIGHT_MIN,
} from '../limits.ts';
import { MIN_SLEEP_MINUTES, SLEEP_REFERENCE, WAKE_UP_MIN_MINUTES } from '../reports/sleep-constants.ts';
import type { MessageKey } from './en-us.ts';
import { fillMessage } from './load.ts';

/**
 * The limits a message states, by message key: each one fills the message's `{name}`
 * placeholder, so the text always says the limit the schema checks (no number is typed
 * into a translation). These win over a caller's params of the same name: a zod issue's
 * own `maximum` can be an internal bound (a batch's total length), not the stated limit.
 */
export const MESSAGE_LIMITS = {
  'originData.rangeTooLong': { days: ORIGIN_DATA_RANGE_MAX_DAYS },
  'live.tooManyDevices': { max: LIVE_SUBSCRIPTION_DEVICES_MAX },
  'validation.loginName': { min: LOGIN_NAME_MIN, max: LOGIN_NAME_MAX },
  'webhook.url': { max: WEBHOOK_URL_MAX },
  'escalation.afterMinutes': { min: ESCALATION_AFTER_MINUTES_MIN, max: ESCALATION_AFTER_MINUTES_MAX },
  'escalation.emailsTooMany': { max: ESCALATION_EMAILS_MAX },
  'escalation.steps': { max: ESCALATION_STEPS_MAX },
  'escalation.rosterTooLong': { max: ESCALATION_ROSTER_MAX },
  'validation.password': { min: PASSWORD_MIN, max: PASSWORD_MAX },
  'validation.platformName': { min: PLATFORM_NAME_MIN, max: PLATFORM_NAME_MAX },
  'validation.providerName': { min: PROVIDER_NAME_MIN, max: PROVIDER_NAME_MAX },
  'validation.displayName': { min: DISPLAY_NAME_MIN, max: DISPLAY_NAME_MAX },
  'upload.logoSize': { size: LOGO_SIZE_PX },
  'upload.logoBytes': { max: LOGO_MAX_BYTES / 1024 },
  'upload.htmlBytes': { max: INSTALL_PAGE_BYTES_MAX / 1024 },
  'validation.placeName': { min: PLACE_NAME_MIN, max: PLACE_NAME_MAX },
  'validation.placeNameNamed': { min: PLACE_NAME_MIN, max: PLACE_NAME_MAX },
  'validation.batchNames': { max: BATCH_NAMES_MAX },
  'validation.personName': { min: PERSON_NAME_MIN, max: PERSON_NAME_MAX },
  'validation.phone': { min: PHONE_DIGITS_MIN, max: PHONE_DIGITS_MAX },
  'validation.height': { min: HEIGHT_MIN, max: HEIGHT_MAX },
  'validation.weight': { min: WEIGHT_MIN, max: WEIGHT_MAX },
  'validation.contactsMax': { max: CONTACTS_PER_RESIDENT_MAX },
  'validation.careLevel': { min: CARE_LEVEL_MIN, max: CARE_LEVEL_MAX },
  'validation.caregiversMax': { max: CAREGIVERS_PER_RESIDENT_MAX },
  'validation.residentsMax': { max: RESIDENTS_PER_CAREGIVER_MAX },
  'validation.config': { max: CARE_CONFIG_KEYS_MAX },
  'validation.latitude': { min: -LATITUDE_MAX, max: LATITUDE_MAX },
  'validation.longitude': { min: -LONGITUDE_MAX, max: LONGITUDE_MAX },
  'validation.radius': { min: GEOFENCE_RADIUS_MIN_M, max: GEOFENCE_RADIUS_MAX_M },
  'validation.leaveBedMode': { balanced: LEAVE_BED_MODE_SECONDS.balanced, fast: LEAVE_BED_MODE_SECONDS.fast },
  'validation.reportInterval': { min: REPORT_INTERVAL_MIN_S, max: REPORT_INTERVAL_MAX_S },
  'device.idFormat': { max: DEVICE_ID_MAX },
  'release.versionName': { max: VERSION_NAME_MAX },
  'release.buildNumber': { max: BUILD_NUMBER_MAX },
  'validation.escalationMinutes': { min: ESCALATION_MINUTES_MIN, max: ESCALATION_MINUTES_MAX },
  'validation.focusUsers': { max: FOCUS_USERS_MAX },
  'firmware.versionFormat': { max: FIRMWARE_VERSION_MAX },
  'statistics.mult': { min: STATISTICS_MULT_MIN, max: STATISTICS_MULT_MAX },
  'validation.shiftCount': { min: SHIFT_COUNT_MIN, max: SHIFT_COUNT_MAX },
  'validation.responseTarget': { min: RESPONSE_TARGET_SECONDS_MIN, max: RESPONSE_TARGET_SECONDS_MAX },
  'validation.analyticsRange': { days: ANALYTICS_RANGE_DAYS_MAX },
  'gateway.hostFull': { max: SUB_DEVICES_PER_HOST_MAX, fewerThan: SUB_DEVICES_PER_HOST_MAX + 1 },
  'fallRadar.height': {
    topMin: FALL_MODE_LIMITS.top.heightMin,
    topMax: FALL_MODE_LIMITS.top.heightMax,
    flushMin: FALL_MODE_LIMITS.flush.heightMin,
    flushMax: FALL_MODE_LIMITS.flush.heightMax,
  },
  'fallRadar.distance': {
    topSide: FALL_MODE_LIMITS.top.sideMax.front,
    topWidth: FALL_MODE_LIMITS.top.widthMax,
    topDepth: FALL_MODE_LIMITS.top.depthMax,
    flushSide: FALL_MODE_LIMITS.flush.sideMax.left,
    flushWidth: FALL_MODE_LIMITS.flush.widthMax,
    flushFront: FALL_MODE_LIMITS.flush.sideMax.front,
  },
  'fallRadar.shieldSize': { min: FALL_SHIELD_SIZE_MIN },
  'fallRadar.shieldedMax': { max: FALL_SHIELDED_AREAS_MAX },
  'pdf.notAnalysed.tooLittleSleep': { threshold: MIN_SLEEP_MINUTES },
  'pdf.metric.wakeUps': { threshold: WAKE_UP_MIN_MINUTES },
  'pdf.reference.sleep': { min: SLEEP_REFERENCE.sleepHoursMin * 60, max: SLEEP_REFERENCE.sleepHoursMax * 60 },
  'pdf.reference.efficiency': { min: SLEEP_REFERENCE.efficiencyMin },
  'pdf.reference.deepShare': { min: SLEEP_REFERENCE.deepShareMin },
  'pdf.reference.bodyMovement': { max: SLEEP_REFERENCE.bodyMovementsPerHourMax },
  'pdf.reference.wakeUps': { max: SLEEP_REFERENCE.wakeUpsPerHourMax },
  'pdf.reference.ahi': { max: SLEEP_REFERENCE.ahiMax },
} as const satisfies Partial<Record<MessageKey, Readonly<Record<string, number>>>>;

export type LimitMessageKey = keyof typeof MESSAGE_LIMITS;

const numberFormats = new Map<Language, Intl.NumberFormat>();

/** A limit as the language writes a number (0,01 in German), without thousands grouping (100000). */
export function formatLimit(language: Language, value: number): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 6 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** True when the key is a message that states limits. */
export function isLimitMessageKey(key: string): key is LimitMessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGE_LIMITS, key);
}

/** The limits a message states, written in the language (none for other messages). */
export function messageLimitParams(language: Language, key: string): Record<string, string> {
  if (!isLimitMessageKey(key)) return {};
  const limits: Readonly<Record<string, number>> = MESSAGE_LIMITS[key];
  return Object.fromEntries(Object.entries(limits).map(([name, value]) => [name, formatLimit(language, value)]));
}

/**
 * The one way a message template becomes text: the caller's `{name}` params (a field label,
 * a count), then the limits the message states, written in the language.
 */
export function renderMessage(language: Language, key: string, template: string, params: Record<string, string | number> = {}): string {
  return fillMessage(template, { ...params, ...messageLimitParams(language, key) });
}
