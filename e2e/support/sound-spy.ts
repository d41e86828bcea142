import type { BrowserContext, Page } from 'playwright-core';

/** What the page asked the browser to sound: Web Audio tones, media elements and speech. */
export interface SoundLog {
  /** Each oscillator started: its frequency (Hz) and the AudioContext's state at that moment. */
  tones: { frequency: number; state: string }[];
  /** Each HTMLMediaElement.play(): the element's source. */
  media: string[];
  /** Each speechSynthesis.speak(): the utterance's text and language. */
  speech: { text: string; lang: string }[];
}

declare global {
  interface Window {
    __vigilSound?: SoundLog;
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
        log.speech.push({ text: utterance.text, lang: utterance.lang });
        return speak.call(this, utterance);
      };
    }
  });
}

/** What the page has sounded so far. */
export async function soundLog(page: Page): Promise<SoundLog> {
  return page.evaluate(() => window.__vigilSound ?? { tones: [], media: [], speech: [] });
}
