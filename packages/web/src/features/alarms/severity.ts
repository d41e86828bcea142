import { isReminder, URGENT_ALERT_TYPES, type AlarmRecord } from '@vigil/contracts';

/**
 * How urgent an alarm is, 0 most (issue 25): calls for help and falls (SOS, chest SOS, fall,
 * suspected fall) whatever their level; then red; then orange; then reminders (door opened or
 * closed, sitting up, going to bed, awake, body movement), which never escalate.
 */
export type Severity = 0 | 1 | 2 | 3;

export function severityOf(alarm: Pick<AlarmRecord, 'alertType' | 'alertLevel'>): Severity {
  if ((URGENT_ALERT_TYPES as readonly string[]).includes(alarm.alertType)) return 0;
  if (isReminder(alarm.alertType)) return 3;
  return alarm.alertLevel === 1 ? 1 : 2;
}

/** Most urgent first, then newest first: the order of the pending list. */
export function bySeverity(a: Pick<AlarmRecord, 'alertType' | 'alertLevel' | 'raisedAt' | 'id'>, b: Pick<AlarmRecord, 'alertType' | 'alertLevel' | 'raisedAt' | 'id'>): number {
  return severityOf(a) - severityOf(b) || b.raisedAt - a.raisedAt || b.id - a.id;
}

/** Whether a pending alarm counts as escalated now: red, past the escalation time, never a reminder (issue 25). */
export function escalates(alarm: Pick<AlarmRecord, 'alertLevel' | 'alertType' | 'raisedAt'>, escalationMinutes: number, now: number): boolean {
  return alarm.alertLevel === 1 && !isReminder(alarm.alertType) && now - alarm.raisedAt >= escalationMinutes * 60_000;
}

/** The voice mode of an alarm: its level's, but a reminder speaks at most once (issue 25: eight rounds of door reminders in 40 s). */
export function voiceWayFor(alarm: Pick<AlarmRecord, 'alertType' | 'voiceWay'>): 0 | 1 | 2 | 3 {
  const way = alarm.voiceWay === 0 || alarm.voiceWay === 1 || alarm.voiceWay === 3 ? alarm.voiceWay : 2;
  return isReminder(alarm.alertType) && way === 3 ? 2 : way;
}
