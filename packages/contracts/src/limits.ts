/** Limits and constants from the spec, in one place (spec 01 §5, §9). */
export const LOGIN_NAME_MIN = 6;
export const LOGIN_NAME_MAX = 64;
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const PLATFORM_NAME_MIN = 1;
export const PLATFORM_NAME_MAX = 20;
export const LOGO_SIZE_PX = 200;
export const LOGO_MAX_BYTES = 100 * 1024;
/** The largest Android install page (/system/updateHtml). */
export const INSTALL_PAGE_BYTES_MAX = 256 * 1024;
export const REMARK_MAX = 200;
export const PROVIDER_NAME_MIN = 1;
export const PROVIDER_NAME_MAX = 64;
export const PROVIDER_CODE_MAX = 32;
export const DISPLAY_NAME_MIN = 1;
export const DISPLAY_NAME_MAX = 64;
export const PROVIDER_SWITCHER_NAME_CHARS = 10;
export const CAREGIVERS_PER_RESIDENT_MAX = 100;
export const PAGE_SIZE_MAX = 1000;
/** Row ids are 32-bit integer columns on both databases. */
export const ID_MAX = 2_147_483_647;

/** Client timing constants (spec 01 §9). */
export const UPDATE_CHECK_INTERVAL_MS = 600_000;
export const CLOCK_TICK_MS = 1000;
export const MOBILE_LAYOUT_BREAKPOINT_PX = 992;
export const MOBILE_SOUND_BREAKPOINT_PX = 768;
export const RESIZE_DEBOUNCE_MS = 500;
export const SIDEBAR_WIDTH_PX = 250;
export const VERSION_LABEL_PREFIX = 'V1.7_';
export const VERSION_DETAIL_CLICKS = 10;
export const VERSION_DETAIL_WINDOW_MS = 8000;
export const DEFAULT_LANDING_PATH = '/realMonitor/index';

/** Session and login protection (server). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
export const LOGIN_FAILURES_BEFORE_LOCK = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** Fast-login (sso) signatures are accepted this long either side of server time. */
export const SSO_WINDOW_MS = 5 * 60 * 1000;

/** Care data: addresses, residents, caregivers (spec 01 §3–§5, docs/care-data.md). */
export const PLACE_NAME_MIN = 1;
export const PLACE_NAME_MAX = 32;
export const PERSON_NAME_MIN = 1;
export const PERSON_NAME_MAX = 64;
/** Height in whole cm and weight in kg with one decimal (65.5): the forms' 1–255 reading of spec 01 §5. */
export const HEIGHT_MIN = 1;
export const HEIGHT_MAX = 255;
export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 255;
export const CONTACTS_PER_RESIDENT_MAX = 5;
export const RESIDENTS_PER_CAREGIVER_MAX = 100;
/** Focus residents per account. */
export const FOCUS_USERS_MAX = 200;
export const CARE_LEVEL_MIN = 1;
export const CARE_LEVEL_MAX = 5;
/** A mobile number is this many digits, optionally after a leading +. */
export const PHONE_DIGITS_MIN = 6;
export const PHONE_DIGITS_MAX = 20;
export const PHONE_PATTERN = new RegExp(`^\\+?[0-9]{${PHONE_DIGITS_MIN},${PHONE_DIGITS_MAX}}$`);
export const ID_NUMBER_MAX = 32;
export const JOB_MAX = 32;
export const RELATION_TEXT_MAX = 32;
export const DEVICE_CODE_MAX = 64;
/** Rooms or beds added in one comma-separated batch. */
export const BATCH_NAMES_MAX = 100;
/** Spreadsheet uploads (resident, bed and caregiver import). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** Problems listed for a rejected file; the rest are counted. */
export const IMPORT_ERRORS_LISTED_MAX = 200;
/** Geofence centres: latitude within ±90°, longitude within ±180°. */
export const LATITUDE_MAX = 90;
export const LONGITUDE_MAX = 180;
export const GEOFENCE_RADIUS_MIN_M = 10;
export const GEOFENCE_RADIUS_MAX_M = 100_000;
export const KEYWORD_MAX = 64;
/** Per-community sleep or alarm config: keys and serialized size. */
export const CARE_CONFIG_KEYS_MAX = 64;
export const CARE_CONFIG_BYTES_MAX = 8 * 1024;
export const CARE_CONFIG_KEY_LENGTH_MAX = 64;
export const CARE_CONFIG_TEXT_MAX = 256;

/** A deleted provider can be restored for this many days; then it is purged with its data. */
export const PROVIDER_RESTORE_DAYS = 30;

/** Original data (spec 02 "historyData", docs/device-protocol.md): what devices sent. */
/** Raw data is kept this many days unless VIGIL_RAW_RETENTION_DAYS says otherwise; the scheduler purges older data. */
export const RAW_RETENTION_DAYS_DEFAULT = 30;
/** Answered and expired device commands are kept this many days (VIGIL_DEVICE_COMMAND_RETENTION_DAYS), then pruned. */
export const DEVICE_COMMAND_RETENTION_DAYS_DEFAULT = 30;
/** After a key rotation the previous device key still works this long, unless the device confirms the new one first. */
export const DEVICE_KEY_GRACE_MS = 24 * 3600_000;
/** One page or download covers at most this long a time range. */
export const ORIGIN_DATA_RANGE_MAX_DAYS = 31;
export const ORIGIN_DATA_RANGE_MAX_MS = ORIGIN_DATA_RANGE_MAX_DAYS * 24 * 3600_000;
/** A download holds at most this many rows (a day of 1 Hz samples is 86,400). */
export const ORIGIN_DATA_DOWNLOAD_MAX_ROWS = 200_000;
/** Live device data (/websocket/subscribe/): devices per subscription and how long one lasts. */
export const LIVE_SUBSCRIPTION_DEVICES_MAX = 50;
export const LIVE_SUBSCRIPTION_TTL_DEFAULT_S = 60;
export const LIVE_SUBSCRIPTION_TTL_MAX_S = 600;
