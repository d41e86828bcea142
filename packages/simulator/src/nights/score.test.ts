import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateNightSet, matchEvents, scoreEpochs, stageAt, summarizeTruth } from './index.ts';

const FIRST = Date.UTC(2026, 0, 10, 21, 0);

describe('scoring an analysis against the truth', () => {
  it('gives a perfect staging accuracy and kappa 1, and a constant guess kappa 0', () => {
    const [night] = generateNightSet({ seed: 1, count: 1, firstBedTime: FIRST });
    const perfect = scoreEpochs(night.truth, (time) => {
      const stage = stageAt(night.truth, time);
      return stage === 'rem' ? 'light' : stage === 'out' ? 'awake' : stage;
    });
    assert.deepEqual([perfect.accuracy, perfect.kappa], [1, 1]);
    const constant = scoreEpochs(night.truth, () => 'light');
    assert.ok(constant.accuracy > 0.3 && constant.accuracy < 0.9);
    assert.ok(Math.abs(constant.kappa) < 1e-9);
    assert.equal(perfect.epochs, night.truth.epochs.filter((stage) => stage !== 'out').length);
  });

  it('matches found events to true ones within a tolerance', () => {
    const truth = [{ start: 0, end: 10_000 }, { start: 100_000, end: 120_000 }];
    assert.deepEqual(matchEvents(truth, [{ start: 25_000, end: 30_000 }, { start: 500_000, end: 510_000 }]), { truePositives: 1, missed: 1, falsePositives: 1 });
  });

  it('makes a reproducible set of varied nights, one a day', () => {
    const set = generateNightSet({ seed: 9, count: 14, firstBedTime: FIRST });
    assert.deepEqual(set.map((night) => night.truth), generateNightSet({ seed: 9, count: 14, firstBedTime: FIRST }).map((night) => night.truth));
    set.forEach((night, index) => {
      const planned = FIRST + index * 86_400_000;
      assert.ok(night.truth.inBedAt > planned - 30 * 60_000 && night.truth.inBedAt < planned + 135 * 60_000);
    });
    assert.ok(new Set(set.map((night) => summarizeTruth(night.truth).bedExitCount)).size > 1);
    const rates = set.map((night) => night.truth.apneaPerHour);
    assert.ok(Math.max(...rates) > 2 * Math.min(...rates), 'breathing differs from night to night');
  });
});
