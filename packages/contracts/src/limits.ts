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
export const REMARK_MAX = 200;
export const PROVIDER_NAME_MAX = 64;
export const DISPLAY_NAME_MAX = 64;
export const PROVIDER_SWITCHER_NAME_CHARS = 10;
export const CAREGIVERS_PER_RESIDENT_MAX = 100;
export const PAGE_SIZE_MAX = 1000;

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
