import { ALARM_POPUP_MS, type AlarmRecord, type CheckAlarmNotice, type ReliefNotice } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';

/** One alarm the console holds: pending, or relieved and still shown in its popup. */
export interface HeldAlarm {
  alarm: AlarmRecord;
  /** Relieved by a /userStatusNotify: the handler button goes and the remove text shows (spec 02 §4). */
  relieved: boolean;
  /** When this console learned of it, epoch ms (its popup runs 10 s from here). */
  arrivedAt: number;
  /** Whether this console pops it up (it arrived live, the level's pc flag is on). */
  popup: boolean;
}

/**
 * The alarms this console holds (spec 02 §4 lifecycle): new alerts queue here; a relieve
 * notice marks them relieved (they leave the pending list but their popup shows the
 * remove text until it ends); handling, here or on another terminal, drops them.
 */
export class PendingAlarms {
  private readonly held = new Map<number, HeldAlarm>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly HeldAlarm[] = [];

  /** Replaces the pending set with a fresh /alarmLog/unDeal read, keeping what arrived after `since` and popups running. */
  replaceAll(rows: readonly AlarmRecord[], since: number): void {
    const fresh = new Set(rows.map((row) => row.id));
    for (const [id, entry] of this.held) {
      const keep = fresh.has(id) || entry.arrivedAt >= since || entry.relieved;
      if (!keep) this.held.delete(id);
    }
    for (const row of rows) {
      const current = this.held.get(row.id);
      this.held.set(row.id, { alarm: row, relieved: current?.relieved ?? false, arrivedAt: current?.arrivedAt ?? row.raisedAt, popup: current?.popup ?? false });
    }
    this.changed();
  }

  /** A new alarm or a repeat from the socket (/alertNotify, /safeAlertNotify). Returns true when it is new to this console. */
  notify(alarm: AlarmRecord, now: number): boolean {
    const current = this.held.get(alarm.id);
    const isNew = !current || current.relieved;
    this.held.set(alarm.id, { alarm, relieved: false, arrivedAt: isNew ? now : current.arrivedAt, popup: alarm.popup });
    this.changed();
    return isNew;
  }

  /** A relieve notice (/userStatusNotify, RELIVE_ALERT). */
  relieve(notice: ReliefNotice, now: number): void {
    const current = this.held.get(notice.id);
    if (!current) return;
    const alarm: AlarmRecord = { ...current.alarm, isRelieve: true, status: notice.status, releaseSource: notice.releaseSource, removeKey: notice.removeKey ?? current.alarm.removeKey };
    const popupRunning = current.popup && now - current.arrivedAt < ALARM_POPUP_MS;
    if (popupRunning) this.held.set(notice.id, { ...current, alarm, relieved: true });
    else this.held.delete(notice.id);
    this.changed();
  }

  /** Handled here or on another terminal (/checkAlarm, or our own dealStatus). */
  handled(notice: Pick<CheckAlarmNotice, 'id'>): void {
    if (this.held.delete(notice.id)) this.changed();
  }

  /** Drops relieved alarms whose popup has ended. */
  sweep(now: number): void {
    let removed = false;
    for (const [id, entry] of this.held) {
      if (entry.relieved && now - entry.arrivedAt >= ALARM_POPUP_MS) removed = this.held.delete(id) || removed;
    }
    if (removed) this.changed();
  }

  /** Tells listeners to look again (time-based rules such as escalation). */
  touch(): void {
    this.changed();
  }

  clear(): void {
    this.held.clear();
    this.changed();
  }

  get(id: number): HeldAlarm | undefined {
    return this.held.get(id);
  }

  /** Everything held, red first, newest first. */
  all(): readonly HeldAlarm[] {
    return this.snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.snapshot = [...this.held.values()].sort((a, b) => a.alarm.alertLevel - b.alarm.alertLevel || b.alarm.raisedAt - a.alarm.raisedAt);
    for (const listener of this.listeners) listener();
  }
}

/** Pending alarms only (not relieved): the pending list and the bell. */
export function pendingOnly(held: readonly HeldAlarm[]): HeldAlarm[] {
  return held.filter((entry) => !entry.relieved);
}

/** The console's one store of held alarms. */
export const pendingAlarms = new PendingAlarms();

export function useHeldAlarms(): readonly HeldAlarm[] {
  return useSyncExternalStore(pendingAlarms.subscribe, () => pendingAlarms.all(), () => pendingAlarms.all());
}
