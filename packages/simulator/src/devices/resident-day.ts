import type { TelemetrySample } from '@vigil/contracts';
import { deviceStateAt, generateNight, type Night } from '../nights/index.ts';
import { mix, unit } from '../random.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

export interface ResidentDayOptions {
  seed: number;
  /** HH:mm local. */
  bedTime: string;
  wakeTime: string;
  /** Local time = UTC + this many minutes. */
  timeZoneOffsetMinutes: number;
}

const clockMinutes = (text: string) => {
  const [hours, minutes] = text.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * A resident's days in bed, for a simulated sleep monitor: the night from bedtime to
 * rising time, an afternoon nap for some, long rests in the day for the bedridden.
 * Each spell in bed is a generated night (nights/), so its truth is known.
 */
export function residentDays(options: ResidentDayOptions) {
  const offset = options.timeZoneOffsetMinutes * MINUTE;
  const bed = clockMinutes(options.bedTime) * MINUTE;
  let wake = clockMinutes(options.wakeTime) * MINUTE;
  if (wake <= bed) wake += DAY;
  const napper = unit(options.seed, 1) < 0.4;
  const bedridden = unit(options.seed, 2) < 0.15;
  const cache = new Map<number, Night[]>();

  /** The spells in bed that start on local day `day` (days since the epoch). */
  function spellsOf(day: number): Night[] {
    const cached = cache.get(day);
    if (cached) return cached;
    const midnight = day * DAY - offset;
    const spell = (index: number, from: number, to: number) =>
      generateNight({ seed: mix(options.seed, day, index), bedTime: midnight + from, riseTime: midnight + to });
    const spells = [spell(0, bed, wake)];
    if (bedridden) spells.push(spell(1, 10 * 60 * MINUTE, 12 * 60 * MINUTE), spell(2, 14.5 * 60 * MINUTE, 18 * 60 * MINUTE));
    else if (napper) spells.push(spell(1, 13 * 60 * MINUTE, 14.5 * 60 * MINUTE));
    if (cache.size > 6) cache.delete(cache.keys().next().value ?? day);
    cache.set(day, spells);
    return spells;
  }

  /** The spell in bed whose window holds `time`, if any. */
  function spellAt(time: number): Night | undefined {
    const day = Math.floor((time + offset) / DAY);
    for (const candidate of [day, day - 1]) {
      const found = spellsOf(candidate).find((night) => time >= night.truth.start && time < night.truth.end);
      if (found) return found;
    }
    return undefined;
  }

  return {
    spellAt,
    /** The sample at one second, with the device's own sleep-state estimate: from the spell in bed, or out of bed between spells. */
    sampleAt(time: number): TelemetrySample {
      const spell = spellAt(time);
      if (!spell) return { t: time, hr: 0, rr: 0, move: 0, bed: 'out' };
      const sample = spell.sampleAt(time);
      const state = deviceStateAt(spell.truth, time);
      return state ? { ...sample, state } : sample;
    },
  };
}
