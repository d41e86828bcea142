import { ALARM_POPUP_MS, type AlarmRecord, type CheckAlarmNotice, type ReliefNotice } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import { bySeverity } from './severity.ts';

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

/** How an alarm stopped being pending while this console held it (tells an open handle dialog at once). */
export type ClosedInfo = { kind: 'handled'; handler: string | null; here: boolean } | { kind: 'relieved' };

/** Closed ids remembered (so a late notice about them is not taken for one of the unloaded). */
const CLOSED_KEPT = 2000;

/**
 * The alarms this console holds (spec 02 §4 lifecycle): new alerts queue here; a relieve
 * notice marks them relieved (they leave the pending list but their popup shows the
 * remove text until it ends); handling, here or on another terminal, drops them.
 */
export class PendingAlarms {
  private readonly held = new Map<number, HeldAlarm>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly HeldAlarm[] = [];
  private readonly closed = new Map<number, ClosedInfo>();
  /** Open alarms the server has that are not loaded here (past the first 1,000); the next page starts after `cursor`. */
  private unloadedCount = 0;
  private cursorRow: Pick<AlarmRecord, 'raisedAt' | 'id'> | null = null;

  /**
   * Replaces the pending set with a fresh /alarmLog/unDeal read (its first page and the total
   * of open alarms), keeping what arrived after `since` and popups running.
   */
  replaceAll(rows: readonly AlarmRecord[], since: number, total = rows.length): void {
    this.unloadedCount = Math.max(0, total - rows.length);
    this.cursorRow = this.unloadedCount > 0 && rows.length ? rows[rows.length - 1] : null;
    const fresh = new Set(rows.map((row) => row.id));
    for (const [id, entry] of this.held) {
      const keep = fresh.has(id) || entry.arrivedAt >= since || entry.relieved;
      if (!keep) this.held.delete(id);
    }
    for (const row of rows) {
      // Handled or relieved while the read was on its way: closing is final, the stale row stays out.
      if (this.closed.has(row.id)) continue;
      const current = this.held.get(row.id);
      this.held.set(row.id, { alarm: row, relieved: current?.relieved ?? false, arrivedAt: current?.arrivedAt ?? row.raisedAt, popup: current?.popup ?? false });
    }
    this.changed();
  }

  /** The next page of the pending list (older alarms past the cursor) and the total counted from the cursor on. */
  appendOlder(rows: readonly AlarmRecord[], total: number): void {
    for (const row of rows) {
      if (this.held.has(row.id) || this.closed.has(row.id)) continue;
      this.held.set(row.id, { alarm: row, relieved: false, arrivedAt: row.raisedAt, popup: false });
    }
    this.unloadedCount = Math.max(0, total - rows.length);
    this.cursorRow = this.unloadedCount > 0 && rows.length ? rows[rows.length - 1] : null;
    this.changed();
  }

  /** Open alarms not loaded yet (the pending list says "showing n of m" and offers more). */
  get unloaded(): number {
    return this.unloadedCount;
  }

  /** Where the next page starts (the oldest row loaded), or null when everything is loaded. */
  get cursor(): Pick<AlarmRecord, 'raisedAt' | 'id'> | null {
    return this.cursorRow;
  }

  /** How the alarm stopped being pending, when this console saw it happen. */
  closedInfo(id: number): ClosedInfo | undefined {
    return this.closed.get(id);
  }

  private close(id: number, info: ClosedInfo): void {
    const known = this.held.has(id) || this.closed.has(id);
    // A notice about an open alarm this console never loaded: one fewer left to load.
    if (!known && this.unloadedCount > 0) this.unloadedCount -= 1;
    this.closed.delete(id);
    this.closed.set(id, info);
    if (this.closed.size > CLOSED_KEPT) this.closed.delete(this.closed.keys().next().value as number);
  }

  /** A new alarm or a repeat from the socket (/alertNotify, /safeAlertNotify). Returns true when it is new to this console. */
  notify(alarm: AlarmRecord, now: number): boolean {
    if (this.closed.has(alarm.id)) return false; // a late notice of an alarm handled or relieved meanwhile
    const current = this.held.get(alarm.id);
    const isNew = !current || current.relieved;
    // A repeat of an open alarm past the loaded pages: it moves from the unloaded count to the list.
    const cursor = this.cursorRow;
    if (!current && cursor && this.unloadedCount > 0 && (alarm.raisedAt < cursor.raisedAt || (alarm.raisedAt === cursor.raisedAt && alarm.id < cursor.id))) this.unloadedCount -= 1;
    this.held.set(alarm.id, { alarm, relieved: false, arrivedAt: isNew ? now : current.arrivedAt, popup: alarm.popup });
    this.changed();
    return isNew;
  }

  /** A relieve notice (/userStatusNotify, RELIVE_ALERT). */
  relieve(notice: ReliefNotice, now: number): void {
    const current = this.held.get(notice.id);
    this.close(notice.id, { kind: 'relieved' });
    if (!current) {
      this.changed();
      return;
    }
    const alarm: AlarmRecord = { ...current.alarm, isRelieve: true, status: notice.status, releaseSource: notice.releaseSource, removeKey: notice.removeKey ?? current.alarm.removeKey };
    const popupRunning = current.popup && now - current.arrivedAt < ALARM_POPUP_MS;
    if (popupRunning) this.held.set(notice.id, { ...current, alarm, relieved: true });
    else this.held.delete(notice.id);
    this.changed();
  }

  /** Handled here or on another terminal (/checkAlarm, or our own dealStatus). */
  handled(notice: Pick<CheckAlarmNotice, 'id'> & Partial<Pick<CheckAlarmNotice, 'handler'>>, here = false): void {
    const previous = this.closed.get(notice.id);
    // Our own handling is reported first; the /checkAlarm that follows must not turn it into "another terminal".
    const mine = here || (previous?.kind === 'handled' && previous.here);
    this.close(notice.id, { kind: 'handled', handler: notice.handler ?? (previous?.kind === 'handled' ? previous.handler : null), here: mine });
    this.held.delete(notice.id);
    this.changed();
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
    this.closed.clear();
    this.unloadedCount = 0;
    this.cursorRow = null;
    this.changed();
  }

  get(id: number): HeldAlarm | undefined {
    return this.held.get(id);
  }

  /** Everything held, most urgent first (SOS and falls, red, orange, reminders), newest first. */
  all(): readonly HeldAlarm[] {
    return this.snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.snapshot = [...this.held.values()].sort((a, b) => bySeverity(a.alarm, b.alarm));
    for (const listener of this.listeners) listener();
  }
}

/** Pending alarms only (not relieved): the pending list and the bell. */
export function pendingOnly(held: readonly HeldAlarm[]): HeldAlarm[] {
  return held.filter((entry) => !entry.relieved);
}

/** The console's one store of held alarms. */
export const pendingAlarms = new PendingAlarms();

/** Pending alarms in all: those held here and those not loaded yet (the bell's and the list's count). */
export function pendingTotal(held: readonly HeldAlarm[]): number {
  return pendingOnly(held).length + pendingAlarms.unloaded;
}

export function useHeldAlarms(): readonly HeldAlarm[] {
  return useSyncExternalStore(pendingAlarms.subscribe, () => pendingAlarms.all(), () => pendingAlarms.all());
}
