import { SPEECH_LOOPS_PER_ROUND, SPEECH_MAX_MS, SPEECH_ROUND_GAP_MS, VOICE_WAYS, type VoiceWay } from '@vigil/contracts';
import type { ToneKind } from './alarmTones.ts';

/** Voice modes (spec 02 §4 voiceWay) and repeated speech (spec 02 §9: 5 loops a round, 10 s between rounds, at most one hour), from the contracts. */
export { SPEECH_LOOPS_PER_ROUND, SPEECH_ROUND_GAP_MS, VOICE_WAYS, type VoiceWay };
export const SPEECH_REPEAT_MAX_MS = SPEECH_MAX_MS;
/** An operator may pause the sound for two minutes (issue 10). */
export const SOUND_PAUSE_MS = 120_000;

/** One alarm to be voiced. */
export interface Announcement {
  /** Unique per announcement: the alarm id, with a suffix for its escalation. */
  id: string;
  level: 1 | 2;
  voiceWay: VoiceWay;
  /** Escalated (beyond the spec): a level-1 alarm left unhandled; stronger sound until handled. Never a reminder. */
  escalated: boolean;
  /**
   * How urgent, 0 most (severity.ts): 0 SOS and falls, 1 red, 2 orange, 3 reminders. The queue
   * speaks the most urgent first and a more urgent one pre-empts what is playing (issue 25).
   */
  severity: 0 | 1 | 2 | 3;
  /** What is spoken (already in the operator's language). */
  text: string;
  /** When it was first voiced, epoch ms: the one-hour limit of repeated speech counts from here. */
  startedAt: number;
}

/** What to play now: a tone burst, then the text `loops` times. */
export interface Utterance {
  id: string;
  tone: ToneKind | null;
  text: string | null;
  loops: number;
}

/** What the scheduler wants next: play something, wait until a time, or nothing at all. */
export type NextStep = { play: Utterance } | { waitUntil: number } | { idle: true };

interface Entry {
  announcement: Announcement;
  dueAt: number;
  rounds: number;
  /** Order of arrival, for ties. */
  seq: number;
}

function repeats(announcement: Announcement): boolean {
  return announcement.escalated || announcement.voiceWay === 3;
}

/** The sound and speech of one round of an announcement (null for a muted one). */
export function utteranceFor(announcement: Announcement): Utterance | null {
  const { id, voiceWay, level, escalated, text } = announcement;
  if (voiceWay === 0) return null;
  const tone: ToneKind = escalated || level === 1 ? 'high' : 'medium';
  if (voiceWay === 1) return { id, tone: escalated ? 'high' : 'tick', text: null, loops: 0 };
  return { id, tone, text, loops: voiceWay === 3 ? SPEECH_LOOPS_PER_ROUND : 1 };
}

/**
 * When the next round starts after one ended at `endedAt`, or null when the announcement
 * is done: a single one after its only round; a repeated one 10 s later unless that is past
 * its hour; an escalated one 10 s later, until it is handled.
 */
export function nextRoundAt(announcement: Announcement, endedAt: number): number | null {
  if (!repeats(announcement)) return null;
  const next = endedAt + SPEECH_ROUND_GAP_MS;
  if (!announcement.escalated && next >= announcement.startedAt + SPEECH_REPEAT_MAX_MS) return null;
  return next;
}

/**
 * Which of two due entries speaks first (issue 25): the more urgent (SOS and falls, red, orange,
 * reminders); within one urgency, one not heard yet before another round of one already heard
 * (so one alarm's repeats never starve a newer one), then escalated, then the one due longest.
 */
function before(a: Entry, b: Entry): boolean {
  if (a.announcement.severity !== b.announcement.severity) return a.announcement.severity < b.announcement.severity;
  if ((a.rounds === 0) !== (b.rounds === 0)) return a.rounds === 0;
  if (a.announcement.escalated !== b.announcement.escalated) return a.announcement.escalated;
  if (a.dueAt !== b.dueAt) return a.dueAt < b.dueAt;
  return a.seq < b.seq;
}

/**
 * The voice queue, without timers or audio: the browser adapter asks `next(now)`, plays
 * what it gets, and reports `played(id, now)`. One voice speaks at a time, so alarms
 * queue; a handled or relieved alarm is `remove`d and falls silent.
 */
export class VoiceScheduler {
  private readonly entries = new Map<string, Entry>();
  private pausedUntilMs = 0;
  private seq = 0;

  /** Queues an announcement to play at once (a muted one is ignored; during a pause a single one is dropped). */
  add(announcement: Announcement, now: number): void {
    if (announcement.voiceWay === 0 || this.entries.has(announcement.id)) return;
    if (this.isPaused(now) && !repeats(announcement)) return;
    this.entries.set(announcement.id, { announcement, dueAt: Math.max(now, this.pausedUntilMs), rounds: 0, seq: this.seq++ });
  }

  /** Stops an announcement (its alarm was handled or relieved). */
  remove(id: string): void {
    this.entries.delete(id);
  }

  /** Forgets every announcement whose id is not kept. */
  retain(keep: (id: string) => boolean): void {
    for (const id of [...this.entries.keys()]) if (!keep(id)) this.entries.delete(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Silences the sound for two minutes: single announcements waiting now are dropped, repeated ones resume after. */
  pause(now: number): number {
    this.pausedUntilMs = now + SOUND_PAUSE_MS;
    for (const [id, entry] of this.entries) {
      if (!repeats(entry.announcement)) this.entries.delete(id);
      else entry.dueAt = Math.max(entry.dueAt, this.pausedUntilMs);
    }
    return this.pausedUntilMs;
  }

  /** Ends a pause early. */
  resume(now: number): void {
    const until = this.pausedUntilMs;
    this.pausedUntilMs = 0;
    for (const entry of this.entries.values()) if (entry.dueAt <= until) entry.dueAt = Math.min(entry.dueAt, now);
  }

  isPaused(now: number): boolean {
    return now < this.pausedUntilMs;
  }

  /** End of the pause, epoch ms; 0 when not paused. */
  get pausedUntil(): number {
    return this.pausedUntilMs;
  }

  /** What to do at `now`. */
  next(now: number): NextStep {
    if (this.entries.size === 0) return { idle: true };
    if (this.isPaused(now)) return { waitUntil: this.pausedUntilMs };
    let chosen: Entry | null = null;
    let earliest = Number.POSITIVE_INFINITY;
    for (const entry of this.entries.values()) {
      if (entry.dueAt <= now) {
        if (!chosen || before(entry, chosen)) chosen = entry;
      } else earliest = Math.min(earliest, entry.dueAt);
    }
    if (!chosen) return { waitUntil: earliest };
    const utterance = utteranceFor(chosen.announcement);
    if (!utterance) {
      this.entries.delete(chosen.announcement.id);
      return this.next(now);
    }
    return { play: utterance };
  }

  /**
   * Whether something more urgent than `playingId` is due at `now`: the player stops the round
   * at once (speech cancelled, tone cut) and reports `interrupted`. A handled alarm's round stops too.
   */
  preempts(playingId: string, now: number): boolean {
    const playing = this.entries.get(playingId);
    if (!playing) return playingId !== 'test';
    if (this.isPaused(now)) return false;
    for (const entry of this.entries.values()) {
      if (entry.dueAt <= now && entry.announcement.severity < playing.announcement.severity) return true;
    }
    return false;
  }

  /** A round of `id` was cut short by a more urgent one: it plays again (the same round) after it. */
  interrupted(id: string, now: number): void {
    const entry = this.entries.get(id);
    if (entry) entry.dueAt = Math.max(now, this.pausedUntilMs);
  }

  /** Reports that a round of `id` finished at `now`: it is queued for its next round or dropped. */
  played(id: string, now: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const next = nextRoundAt(entry.announcement, now);
    if (next === null) this.entries.delete(id);
    else {
      entry.dueAt = next;
      entry.rounds += 1;
    }
  }
}
