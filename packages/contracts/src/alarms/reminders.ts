import type { AlertType } from '../devices/alert-types.ts';

// No schemas and no catalogue here: the console's shell reads these lists.

/**
 * Reminders (notice level, issue 25): what the spec's catalogue shows without a handle button
 * (door opened or closed, sitting up, going to bed, awake, body movement). They never escalate
 * and never turn red on their own, are spoken once and after every alarm, and (beyond the spec)
 * can be handled like any pending item; door reminders also clear themselves.
 */
export const REMINDER_ALERT_TYPES: readonly AlertType[] = ['SITING_UP', 'GO_TO_BED', 'AWAKE', 'BODY_MOVE', 'DOOR_OPEN', 'DOOR_CLOSE'];

export function isReminder(alertType: string): boolean {
  return (REMINDER_ALERT_TYPES as readonly string[]).includes(alertType);
}

/** Calls for help and falls: spoken before everything else, pre-empting what is playing (issue 25). */
export const URGENT_ALERT_TYPES: readonly AlertType[] = ['SOS', 'CHEST_SOS', 'FALL_ALARM', 'MAYBE_FALL_ALARM'];
