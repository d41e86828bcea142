import type { BrowserContext, Page } from 'playwright-core';

/** What the page asked the browser to sound: Web Audio tones, media elements and speech. */
export interface SoundLog {
  /** Each oscillator started: its frequency (Hz) and the AudioContext's state at that moment. */
  tones: { frequency: number; state: string }[];
  /** Each HTMLMediaElement.play(): the element's source. */
  media: string[];
  /** Each speechSynthesis.speak(): the utterance's text and language, and when it was asked (epoch ms). */
  speech: { text: string; lang: string; at: number }[];
}

declare global {
  interface Window {
    __vigilSound?: SoundLog;
    /** While above 0, speak() plays nothing and ends each utterance after this many ms (holdSpeech). */
    __vigilSpeechMs?: number;
  }
}

/**
 * Spies on the sound APIs before any page script runs (addInitScript): OscillatorNode.start,
 * HTMLMediaElement.play and SpeechSynthesis.speak are wrapped to note the call, then do
 * what they did. Headless Chromium may have no speech voices: the real speak() then ends
 * with an error event, which the console's voice already treats as the end of the utterance.
 */
export async function spyOnSound(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    const log: SoundLog = { tones: [], media: [], speech: [] };
    window.__vigilSound = log;
    if (typeof OscillatorNode !== 'undefined') {
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
        log.tones.push({ frequency: this.frequency.value, state: this.context.state });
        return start.apply(this, args);
      };
    }
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      log.media.push(this.currentSrc || this.src);
      return play.call(this);
    };
    if (typeof SpeechSynthesis !== 'undefined') {
      const speak = SpeechSynthesis.prototype.speak;
      SpeechSynthesis.prototype.speak = function (this: SpeechSynthesis, utterance: SpeechSynthesisUtterance) {
        log.speech.push({ text: utterance.text, lang: utterance.lang, at: Date.now() });
        const holdMs = window.__vigilSpeechMs ?? 0;
        if (holdMs > 0) {
          setTimeout(() => utterance.onend?.(new SpeechSynthesisEvent('end', { utterance })), holdMs);
          return;
        }
        return speak.call(this, utterance);
      };
    }
  });
}

/** What the page has sounded so far. */
export async function soundLog(page: Page): Promise<SoundLog> {
  return page.evaluate(() => window.__vigilSound ?? { tones: [], media: [], speech: [] });
}

/**
 * Headless Chromium has no voices, so each utterance ends at once and a queue never builds up.
 * While held, every utterance lasts `ms` (0 gives speech back to the browser), as a real voice
 * takes a second or two to say a room and an alarm.
 */
export async function holdSpeech(page: Page, ms: number): Promise<void> {
  await page.evaluate((hold) => {
    window.__vigilSpeechMs = hold;
  }, ms);
}
