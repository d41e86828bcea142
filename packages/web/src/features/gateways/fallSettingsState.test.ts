import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FALL_RADAR_DEFAULTS, fallSettingsProblems } from '@vigil/contracts';
import { newShieldedArea, withMode } from './fallSettingsState.ts';

test('changing the install mode clears the shielded areas and takes the mode\'s recommended height and full area', () => {
  const withShield = { ...FALL_RADAR_DEFAULTS, shieldedAreas: [newShieldedArea(FALL_RADAR_DEFAULTS)] };
  const flush = withMode(withShield, 'flush');
  assert.deepEqual(flush.shieldedAreas, []);
  assert.equal(flush.installHeight, 1.35);
  assert.deepEqual(flush.distances, { front: 4, back: 0, left: 1.5, right: 1.5 });
  assert.equal(flush.walls.back, true, 'a wall-mounted radar has the wall behind it');
  assert.deepEqual(fallSettingsProblems(flush), []);
  assert.equal(withMode(flush, 'top').installHeight, 2.4);
});

test('a new shielded area sits in the middle of the area and is valid there', () => {
  const settings = { ...FALL_RADAR_DEFAULTS, distances: { front: 2, back: 1, left: 1, right: 2 } };
  const area = newShieldedArea(settings);
  assert.deepEqual([area.x, area.y], [0.5, 0.5]);
  assert.deepEqual(fallSettingsProblems({ ...settings, shieldedAreas: [area] }), []);
});
