/** Release choices when an operator handles an alarm (spec 02 §3 "Handling options"). */
export const RELEASE_CHOICES = ['CHECKED', 'MISTAKE_RECHECK', 'MISTAKE_ABNORMAL', 'TEST', 'REMOVE_DEVICE'] as const;
export type ReleaseChoice = (typeof RELEASE_CHOICES)[number];

/**
 * Reasons to release an alarm without handling it (/alarmLog/relieveAlert, issue 29): a false
 * alarm, maintenance work, a test. Sent as `removeReason` (the code, or "code: note"); any other
 * reason is sent as written.
 */
export const RELEASE_REASONS = ['falseAlarm', 'maintenance', 'test'] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

/** Follow-up options (what the caregiver found). */
export const FOLLOW_UPS = ['NO_ABNORMALITY', 'BED_HOLD_UP', 'SIT_ASIDE_BED', 'LIVING_OR_SIT_IN_TAIL_STOCK'] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];

/**
 * Release source (spec 02 §4): 0 not released, 1 software release (an operator),
 * 2 automatic (Vigil's rules saw the condition end), 3 device release (the device
 * reported the condition cleared or came back online), 4 watch release (a nurse watch).
 */
export const RELEASE_SOURCES = { none: 0, software: 1, automatic: 2, device: 3, watch: 4 } as const;
export type ReleaseSource = (typeof RELEASE_SOURCES)[keyof typeof RELEASE_SOURCES];

/** Handling state (spec 02 §4): pending (unDeal) or processed. */
export const DEAL_STATES = ['unDeal', 'processed'] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** Voice modes (spec 02 §4): 0 mute, 1 tick sound, 2 speak once, 3 speak repeatedly. */
export const VOICE_WAYS = [0, 1, 2, 3] as const;
export type VoiceWay = (typeof VOICE_WAYS)[number];

/** Repeated speech (spec 02 §9): 5 loops per round, 10 s between rounds, at most 1 hour. */
export const SPEECH_LOOPS_PER_ROUND = 5;
export const SPEECH_ROUND_GAP_MS = 10_000;
export const SPEECH_MAX_MS = 3_600_000;
/** An alarm notification stays on screen 10 s (spec 02 §9). */
export const ALARM_POPUP_MS = 10_000;
