import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreAgainstSimulator } from '../../../bench/sleep-accuracy.ts';

test('on the simulator\'s seeded nights the analysis agrees with the truth: stages, bed exits, AHI', () => {
  // Seed 7 was used neither for tuning (11) nor for the benchmark's figure (2026).
  const figures = scoreAgainstSimulator(7, 10);
  assert.equal(figures.notAnalysed, 0);
  assert.ok(figures.stageAccuracy >= 0.85, `stage agreement ${figures.stageAccuracy}`);
  assert.ok(figures.kappa >= 0.65, `kappa ${figures.kappa}`);
  assert.equal(figures.bedExitsExact, figures.nights, 'the bed exits of every night counted exactly');
  assert.ok(figures.ahiMeanAbsError < 1, `AHI error ${figures.ahiMeanAbsError}`);
  assert.ok(figures.deepShareMeanAbsError < 6, `deep share error ${figures.deepShareMeanAbsError}`);
});
