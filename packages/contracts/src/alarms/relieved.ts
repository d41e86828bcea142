import type { AlertType } from '../devices/alert-types.ts';

/**
 * The relieved test (spec 02 §4): for CONNECTION alerts status 1 means relieved (back
 * online); for other alerts status 0 means relieved, except on the alert-notify path,
 * which is never treated as relieved. `status` is the device state an alarm record and
 * a socket notice carry: CONNECTION 0 offline / 1 online; others 1 on / 0 cleared.
 */
export function isRelieved(alertType: AlertType, status: number, msgType: string): boolean {
  if (alertType === 'CONNECTION') return status === 1;
  if (msgType === '/alertNotify') return false;
  return status === 0;
}

/** The status an alarm record carries while its condition is on. */
export function activeStatus(alertType: AlertType): 0 | 1 {
  return alertType === 'CONNECTION' ? 0 : 1;
}
/** The status once the condition has cleared. */
export function clearedStatus(alertType: AlertType): 0 | 1 {
  return alertType === 'CONNECTION' ? 1 : 0;
}
