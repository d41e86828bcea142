import { useSyncExternalStore } from 'react';
import { TONE_HARMONICS, toneLength, tonePulses, type ToneKind } from './alarmTones.ts';
import { VoiceScheduler, type Announcement, type Utterance } from './voiceSchedule.ts';

/**
 * The thin browser side of the voice engine: plays what VoiceScheduler chooses, with Web
 * Audio tones and the browser's speech synthesis, and tells the console when the browser
 * blocks sound until a click.
 */
export interface VoiceState {
  /** The browser refused to play until the user clicks (autoplay policy). */
  blocked: boolean;
  /** End of the two-minute pause, epoch ms; 0 when not paused. */
  pausedUntil: number;
  /** Speech synthesis is missing (sound only). */
  noSpeech: boolean;
}

/** BCP 47 tag for speech in a console language. */
export function speechLang(language: string): string {
  const [base, region] = language.split('-');
  const regions: Record<string, string> = { cs: 'CZ', it: 'IT', ko: 'KR', de: 'DE', ja: 'JP', en: 'US', zh: 'CN' };
  return `${base}-${(region ?? regions[base] ?? '').toUpperCase()}`.replace(/-$/, '');
}

function isRunning(context: AudioContext): boolean {
  return context.state === 'running';
}

const SPEECH_TIMEOUT_BASE_MS = 4000;
const SPEECH_TIMEOUT_PER_CHAR_MS = 120;

class BrowserVoice {
  private readonly scheduler = new VoiceScheduler();
  private readonly listeners = new Set<() => void>();
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private playing = false;
  /** The round playing now and how to cut it short (a more urgent alarm, or its alarm handled). */
  private playingId: string | null = null;
  private stopRound: (() => void) | null = null;
  private state: VoiceState = { blocked: false, pausedUntil: 0, noSpeech: typeof speechSynthesis === 'undefined' };
  language = 'en-us';

  get current(): VoiceState {
    return this.state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<VoiceState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  announce(announcement: Announcement): void {
    this.scheduler.add(announcement, Date.now());
    this.preemptIfNeeded();
    this.pump();
  }

  /** A more urgent alarm is due (or the playing one was handled): stop the round now (issue 25). */
  private preemptIfNeeded(): void {
    if (this.playingId && this.stopRound && this.scheduler.preempts(this.playingId, Date.now())) this.stopRound();
  }

  has(id: string): boolean {
    return this.scheduler.has(id);
  }

  silence(id: string): void {
    this.scheduler.remove(id);
    this.preemptIfNeeded();
  }

  /** Keeps only announcements whose alarm is still pending. */
  retain(keep: (id: string) => boolean): void {
    this.scheduler.retain(keep);
    this.preemptIfNeeded();
  }

  pause(): void {
    this.set({ pausedUntil: this.scheduler.pause(Date.now()) });
    if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel();
    this.pump();
  }

  resume(): void {
    this.scheduler.resume(Date.now());
    this.set({ pausedUntil: 0 });
    this.pump();
  }

  /** Called from a click: lets the browser play sound from now on. */
  async unlock(): Promise<void> {
    const context = this.audio();
    if (context && context.state !== 'running') await context.resume().catch(() => {});
    if (typeof speechSynthesis !== 'undefined') speechSynthesis.resume();
    this.set({ blocked: context ? !isRunning(context) : false });
    this.pump();
  }

  /** The test button: one round as level `level` would sound, at once. */
  async test(tone: ToneKind, text: string | null): Promise<void> {
    await this.unlock();
    await this.playRound({ id: 'test', tone, text, loops: text ? 1 : 0 });
  }

  private audio(): AudioContext | null {
    if (this.context) return this.context;
    if (typeof AudioContext === 'undefined') return null;
    this.context = new AudioContext();
    return this.context;
  }

  private pump(): void {
    if (this.playing) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    if (this.state.pausedUntil && !this.scheduler.isPaused(now)) this.set({ pausedUntil: 0 });
    const step = this.scheduler.next(now);
    if ('idle' in step) return;
    if ('waitUntil' in step) {
      this.timer = setTimeout(() => this.pump(), Math.max(50, step.waitUntil - now));
      return;
    }
    this.playing = true;
    const round = new RoundControl();
    this.playingId = step.play.id;
    this.stopRound = () => round.stop();
    void this.playRound(step.play, round).finally(() => {
      this.playing = false;
      this.playingId = null;
      this.stopRound = null;
      if (round.stopped) this.scheduler.interrupted(step.play.id, Date.now());
      else this.scheduler.played(step.play.id, Date.now());
      this.pump();
    });
  }

  private async playRound(utterance: Utterance, round: RoundControl = new RoundControl()): Promise<void> {
    if (utterance.tone) await this.playTone(utterance.tone, round);
    for (let loop = 0; loop < utterance.loops && utterance.text; loop++) {
      if (round.stopped) return;
      if (!this.scheduler.has(utterance.id) && utterance.id !== 'test') return;
      // Between sentences: something more urgent became due meanwhile (a repeat's next round).
      if (utterance.id !== 'test' && this.scheduler.preempts(utterance.id, Date.now())) {
        round.stop();
        return;
      }
      await this.speak(utterance.text, round);
    }
  }

  private async playTone(kind: ToneKind, round: RoundControl): Promise<void> {
    const context = this.audio();
    if (!context) return;
    if (context.state !== 'running') {
      // Autoplay policy: resume() waits for a user gesture; say so instead of waiting.
      void context.resume().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (!isRunning(context)) {
        this.set({ blocked: true });
        return;
      }
    }
    if (this.state.blocked) this.set({ blocked: false });
    const start = context.currentTime + 0.05;
    const wave = context.createPeriodicWave(
      new Float32Array([0, ...TONE_HARMONICS.map(() => 0)]),
      new Float32Array([0, ...TONE_HARMONICS.map((harmonic) => 1 / harmonic)]),
    );
    for (const pulse of tonePulses(kind)) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.setPeriodicWave(wave);
      oscillator.frequency.value = pulse.frequency;
      const at = start + pulse.at / 1000;
      const end = at + pulse.duration / 1000;
      // Short ramps (IEC rise/fall time) so pulses do not click.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.25, at + 0.015);
      gain.gain.setValueAtTime(0.25, end - 0.02);
      gain.gain.linearRampToValueAtTime(0, end);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(end + 0.01);
      round.onStop(() => {
        try {
          oscillator.stop();
        } catch {
          // already stopped
        }
      });
    }
    await round.sleep(toneLength(kind) + 100);
  }

  private speak(text: string, round: RoundControl): Promise<void> {
    if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return Promise.resolve();
    return new Promise((resolve) => {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = speechLang(this.language);
      const voice = speechSynthesis.getVoices().find((candidate) => candidate.lang.toLowerCase().startsWith(utterance.lang.toLowerCase().slice(0, 2)));
      if (voice) utterance.voice = voice;
      const done = () => {
        clearTimeout(guard);
        resolve();
      };
      // Some engines never fire `end`; do not let one utterance stall the queue.
      const guard = setTimeout(done, SPEECH_TIMEOUT_BASE_MS + text.length * SPEECH_TIMEOUT_PER_CHAR_MS);
      utterance.onend = done;
      utterance.onerror = (event) => {
        if (event.error === 'not-allowed') this.set({ blocked: true });
        done();
      };
      round.onStop(() => {
        speechSynthesis.cancel();
        done();
      });
      speechSynthesis.speak(utterance);
    });
  }
}

/** One round being played: stopping it cuts the tone and the speech at once. */
class RoundControl {
  stopped = false;
  private readonly stops: Array<() => void> = [];

  onStop(stop: () => void): void {
    if (this.stopped) stop();
    else this.stops.push(stop);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Waits `ms`, or less when the round is stopped. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.onStop(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** The console's one voice. */
export const browserVoice = new BrowserVoice();

export function useVoiceState(): VoiceState {
  return useSyncExternalStore(browserVoice.subscribe, () => browserVoice.current, () => browserVoice.current);
}
