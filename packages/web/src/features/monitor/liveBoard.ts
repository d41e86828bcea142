import type { AlarmRecord, ResidentLiveState, ResidentSample } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Live resident state for the monitoring screens, keyed by resident. /dataChange frames
 * are deltas; they are buffered and applied once per animation frame, and each card
 * subscribes to its own resident, so a board of 500 beds updating every second re-renders
 * only the cards whose state changed, at most once a frame.
 */
export type LiveSample = { t: number; hr: number | null; rr: number | null; move: number | null };

type Listener = () => void;

/** How much live history the household chart keeps (the last 10 minutes). */
export const HISTORY_MS = 10 * 60_000;

export class LiveBoard {
  private states = new Map<number, ResidentLiveState>();
  private readonly history = new Map<number, LiveSample[]>();
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly boardListeners = new Set<Listener>();
  private buffer: ResidentSample[] = [];
  private scheduled = false;

  constructor(private readonly schedule: (flush: () => void) => void) {}

  /** Replaces the states of a fresh list read (keeps residents not in it). */
  load(rows: readonly ResidentLiveState[]): void {
    for (const row of rows) {
      this.states.set(row.userId, row);
      this.record(row);
    }
    this.emit(rows.map((row) => row.userId));
  }

  /** Queues a /dataChange delta (latest samples); it is applied on the next frame. */
  push(rows: readonly ResidentSample[]): void {
    this.buffer.push(...rows);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Applies the buffered deltas now (called once per animation frame). */
  flush(): void {
    this.scheduled = false;
    const rows = this.buffer;
    this.buffer = [];
    if (!rows.length) return;
    const changed = new Set<number>();
    for (const row of rows) {
      const current = this.states.get(row.userId);
      // A sample for a resident no screen has listed yet has no name or bed to show.
      if (!current) continue;
      const next = { ...current, ...row };
      this.states.set(row.userId, next);
      this.record(next);
      changed.add(row.userId);
    }
    if (changed.size) this.emit([...changed]);
  }

  /**
   * A new or repeated alarm: the resident's card takes its colour; a room-level alarm (no
   * resident: a fall in the room's bathroom, a room sensor) colours every card of the room.
   */
  alarmRaised(alarm: AlarmRecord): void {
    const userIds = alarm.userId !== null ? [alarm.userId] : alarm.roomId !== null ? this.residentsOfRoom(alarm.roomId) : [];
    const open = { id: alarm.id, alertType: alarm.alertType, alertLevel: alarm.alertLevel, timeStamp: alarm.timeStamp };
    const changed: number[] = [];
    for (const userId of userIds) {
      const current = this.states.get(userId);
      if (!current) continue;
      this.states.set(userId, { ...current, openAlarms: [...current.openAlarms.filter((known) => known.id !== alarm.id), open] });
      changed.push(userId);
    }
    if (changed.length) this.emit(changed);
  }

  private residentsOfRoom(roomId: number): number[] {
    return [...this.states.values()].filter((state) => state.roomId === roomId).map((state) => state.userId);
  }

  /** An alarm was handled or relieved: it leaves whichever card showed it. */
  alarmGone(id: number): void {
    const changed: number[] = [];
    for (const [userId, state] of this.states) {
      if (!state.openAlarms.some((open) => open.id === id)) continue;
      this.states.set(userId, { ...state, openAlarms: state.openAlarms.filter((open) => open.id !== id) });
      changed.push(userId);
    }
    if (changed.length) this.emit(changed);
  }

  /**
   * Adds stored samples (the household chart's last 10 minutes, read when it opens) under the
   * live ones: one list in time order, one entry per second, still 10 minutes long.
   */
  seed(userId: number, samples: readonly LiveSample[]): void {
    if (!samples.length) return;
    const byTime = new Map<number, LiveSample>();
    for (const sample of [...samples, ...(this.history.get(userId) ?? [])]) byTime.set(sample.t, sample);
    const list = [...byTime.values()].sort((a, b) => a.t - b.t);
    const cutoff = (list.at(-1)?.t ?? 0) - HISTORY_MS;
    this.history.set(userId, list.filter((sample) => sample.t >= cutoff));
    this.emit([userId]);
  }

  get(userId: number): ResidentLiveState | undefined {
    return this.states.get(userId);
  }

  samples(userId: number): readonly LiveSample[] {
    return this.history.get(userId) ?? EMPTY;
  }

  subscribe(userId: number, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Listens for any change (the board re-reads its list of residents). */
  subscribeBoard(listener: Listener): () => void {
    this.boardListeners.add(listener);
    return () => this.boardListeners.delete(listener);
  }

  private record(row: ResidentLiveState): void {
    if (row.sampleAt === null) return;
    const list = this.history.get(row.userId) ?? [];
    if (list.at(-1)?.t === row.sampleAt) return;
    list.push({ t: row.sampleAt, hr: row.hr, rr: row.rr, move: row.move ?? null });
    const cutoff = row.sampleAt - HISTORY_MS;
    while (list.length && list[0].t < cutoff) list.shift();
    this.history.set(row.userId, list);
  }

  private emit(userIds: readonly number[]): void {
    for (const id of userIds) for (const listener of this.listeners.get(id) ?? []) listener();
    for (const listener of this.boardListeners) listener();
  }
}

const EMPTY: readonly LiveSample[] = [];

const frame = (flush: () => void) => (typeof requestAnimationFrame === 'undefined' ? setTimeout(flush, 16) : requestAnimationFrame(flush));

/** The console's one live board. */
export const liveBoard = new LiveBoard(frame);

/** One resident's live state (re-renders only when it changes). */
export function useResidentLive(userId: number): ResidentLiveState | undefined {
  return useSyncExternalStore(
    (listener) => liveBoard.subscribe(userId, listener),
    () => liveBoard.get(userId),
    () => liveBoard.get(userId),
  );
}
