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
  /** Escalated (beyond the spec): a level-1 alarm left unhandled; stronger sound until handled. */
  escalated: boolean;
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

/** Which of two due entries speaks first: escalated, then level 1, then the one due longest. */
function before(a: Entry, b: Entry): boolean {
  if (a.announcement.escalated !== b.announcement.escalated) return a.announcement.escalated;
  if (a.announcement.level !== b.announcement.level) return a.announcement.level < b.announcement.level;
  return a.dueAt < b.dueAt;
}

/**
 * The voice queue, without timers or audio: the browser adapter asks `next(now)`, plays
 * what it gets, and reports `played(id, now)`. One voice speaks at a time, so alarms
 * queue; a handled or relieved alarm is `remove`d and falls silent.
 */
export class VoiceScheduler {
  private readonly entries = new Map<string, Entry>();
  private pausedUntilMs = 0;

  /** Queues an announcement to play at once (a muted one is ignored; during a pause a single one is dropped). */
  add(announcement: Announcement, now: number): void {
    if (announcement.voiceWay === 0 || this.entries.has(announcement.id)) return;
    if (this.isPaused(now) && !repeats(announcement)) return;
    this.entries.set(announcement.id, { announcement, dueAt: Math.max(now, this.pausedUntilMs), rounds: 0 });
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
