import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TelemetryMessageSchema } from '@vigil/contracts';
import { deviceStateAt, EPOCH_MS, generateNight, summarizeTruth, type NightTruth } from './index.ts';

const BED = Date.UTC(2026, 0, 10, 21, 0);
const RISE = BED + 10 * 3_600_000;
const night = (seed: number, extra: { apneaPerHour?: number; bedExits?: number } = {}) => generateNight({ seed, bedTime: BED, riseTime: RISE, ...extra });

function inside(intervals: readonly { start: number; end: number }[], time: number): boolean {
  return intervals.some((interval) => time >= interval.start && time < interval.end);
}

describe('night generator', () => {
  it('is deterministic with a seed, and different seeds give different nights', () => {
    const a = night(7);
    const b = night(7);
    assert.deepEqual(a.truth, b.truth);
    assert.deepEqual(a.samples(BED, BED + 3_600_000), b.samples(BED, BED + 3_600_000));
    assert.notDeepEqual(night(8).truth.epochs, a.truth.epochs);
  });

  it('has a consistent truth: epochs cover the window, segments match epochs, exits and pauses in place', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { truth } = night(seed, seed % 3 === 0 ? { bedExits: 2 } : {});
      assert.equal(truth.end - truth.start, truth.epochs.length * EPOCH_MS);
      assert.equal(truth.segments[0].start, truth.start);
      assert.equal(truth.segments[truth.segments.length - 1].end, truth.end);
      for (let index = 1; index < truth.segments.length; index++) {
        assert.equal(truth.segments[index].start, truth.segments[index - 1].end);
        assert.notEqual(truth.segments[index].stage, truth.segments[index - 1].stage);
      }
      for (let index = 0; index < truth.epochs.length; index++) {
        const time = truth.start + index * EPOCH_MS;
        const segment = truth.segments.find((candidate) => time >= candidate.start && time < candidate.end);
        assert.equal(truth.epochs[index], segment?.stage);
      }
      assert.ok(truth.start < truth.inBedAt && truth.inBedAt < (truth.sleepOnset ?? Infinity));
      assert.ok((truth.wakeAt ?? 0) <= truth.outOfBedAt && truth.outOfBedAt < truth.end);
      if (seed % 3 === 0) assert.equal(truth.bedExits.length, 2, `seed ${seed}`);
      for (const exit of truth.bedExits) {
        assert.ok(exit.start > truth.inBedAt && exit.end < truth.outOfBedAt);
        for (let time = exit.start; time < exit.end; time += EPOCH_MS) assert.equal(truth.epochs[(time - truth.start) / EPOCH_MS], 'out');
      }
      for (const pause of truth.breathingPauses) {
        assert.ok(pause.end - pause.start >= 10_000 && pause.end - pause.start <= 35_000);
        const stage = truth.epochs[Math.floor((pause.start - truth.start) / EPOCH_MS)];
        assert.ok(stage === 'light' || stage === 'deep' || stage === 'rem', stage);
      }
      // Out of bed only before inBedAt, during exits and after outOfBedAt.
      truth.epochs.forEach((stage, index) => {
        const time = truth.start + index * EPOCH_MS;
        const expectedOut = time < truth.inBedAt || time >= truth.outOfBedAt || inside(truth.bedExits, time);
        assert.equal(stage === 'out', expectedOut, `seed ${seed} epoch ${index}`);
      });
    }
  });

  it('reports what the truth says: out of bed, breathing pauses (rr 0) and movements (move > 0)', () => {
    const { truth, samples } = night(11, { apneaPerHour: 15, bedExits: 2 });
    const all = samples(truth.start, truth.end);
    assert.equal(all.length, (truth.end - truth.start) / 1000);
    for (const sample of all) {
      const stage = truth.epochs[Math.floor((sample.t - truth.start) / EPOCH_MS)];
      assert.equal(sample.bed === 'out', stage === 'out', `bed at ${sample.t}`);
      if (stage === 'out') continue;
      assert.equal(sample.rr === 0, inside(truth.breathingPauses, sample.t), `rr at ${sample.t}`);
      const sitting = sample.bed === 'sitting' || sample.bed === 'suspectedSitting';
      if (!sitting) assert.equal(sample.move > 0, inside(truth.movements, sample.t), `move at ${sample.t}`);
    }
    assert.ok(truth.breathingPauses.length > 20, 'a night at 15 pauses per hour has many pauses');
    // Residents sit up before each exit and before rising.
    for (const exit of truth.bedExits) assert.equal(all.find((sample) => sample.t === exit.start - 5000)?.bed, 'sitting');
  });

  it('has plausible rates that fall in deep sleep, and plausible night figures', () => {
    for (let seed = 100; seed < 120; seed++) {
      const { truth, samples } = night(seed);
      const mean = { awake: [0, 0], deep: [0, 0] };
      for (const sample of samples(truth.start, truth.end)) {
        if (sample.bed !== 'in') continue;
        assert.ok(sample.hr >= 40 && sample.hr <= 110, `hr ${sample.hr}`);
        if (sample.rr !== 0) assert.ok(sample.rr >= 8 && sample.rr <= 26, `rr ${sample.rr}`);
        const stage = truth.epochs[Math.floor((sample.t - truth.start) / EPOCH_MS)];
        if (stage === 'awake' || stage === 'deep') {
          mean[stage][0] += sample.hr;
          mean[stage][1] += 1;
        }
      }
      assert.ok(mean.deep[0] / mean.deep[1] < mean.awake[0] / mean.awake[1] - 5, `seed ${seed}: heart rate falls in deep sleep`);
      const summary = summarizeTruth(truth);
      assert.ok(summary.totalSleepMs > 6 * 3_600_000 && summary.totalSleepMs < 10 * 3_600_000, `seed ${seed} sleep`);
      assert.ok(summary.efficiency > 0.7 && summary.efficiency <= 1);
      assert.ok(summary.deepShare > 0.08 && summary.deepShare < 0.35, `seed ${seed} deep ${summary.deepShare}`);
      assert.ok(summary.remMs / summary.totalSleepMs < 0.3, `seed ${seed} rem`);
    }
  });

  it('sends schema-valid telemetry messages of at most 254 samples', () => {
    const messages = night(3).messages();
    for (const message of messages) assert.ok(TelemetryMessageSchema.safeParse(message).success);
    assert.equal(messages.reduce((total, message) => total + message.samples.length, 0), (night(3).truth.end - night(3).truth.start) / 1000);
  });

  it('leaves the device state out of night samples; the device\'s own estimate is close to the truth but not equal', () => {
    const { truth, samples } = night(21);
    assert.ok(samples(truth.start, truth.end).every((sample) => sample.state === undefined));
    let agree = 0;
    let inBed = 0;
    truth.epochs.forEach((stage, index) => {
      if (stage === 'out') return;
      const state = deviceStateAt(truth, truth.start + index * EPOCH_MS + 15_000);
      inBed++;
      if (state === stage || (stage === 'rem' && state === 'light') || (stage === 'light' && state === 'fallingAsleep')) agree++;
    });
    assert.ok(agree / inBed > 0.7 && agree / inBed < 0.97, `device agreement ${agree / inBed}`);
  });

  it('handles a short nap and a resident who never sleeps long', () => {
    const nap: NightTruth = generateNight({ seed: 5, bedTime: BED, riseTime: BED + 90 * 60_000 }).truth;
    assert.ok(nap.epochs.length > 0);
    assert.ok(summarizeTruth(nap).totalSleepMs < 90 * 60_000);
  });
});
