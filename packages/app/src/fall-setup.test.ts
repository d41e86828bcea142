import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FALL_RADAR_DEFAULTS, type FallRadarSettings } from '@vigil/contracts';
import { fallProblems, parseMetres, withInstallMode } from './fall-setup.ts';

const settings = (change: Partial<FallRadarSettings>): FallRadarSettings => ({ ...FALL_RADAR_DEFAULTS, ...change });
const keys = (value: FallRadarSettings, check: Parameters<typeof fallProblems>[1]) => fallProblems(value, check).map((problem) => problem.key);

describe('fall-monitor wizard checks (spec 02 §5 fall setup)', () => {
  test('install height within the mode\'s range (top 2.2–3 m, flush 1.35–1.5 m), a number', () => {
    assert.deepEqual(keys(settings({ installHeight: 2.4 }), 'height'), []);
    assert.deepEqual(keys(settings({ installHeight: 2.1 }), 'height'), ['fall.err.heightTop']);
    assert.deepEqual(keys(settings({ installHeight: Number.NaN }), 'height'), ['fall.err.heightTop']);
    const flush = withInstallMode(FALL_RADAR_DEFAULTS, 'flush');
    assert.deepEqual(keys(flush, 'height'), []);
    assert.deepEqual(fallProblems({ ...flush, installHeight: 2.4 }, 'height'), [{ key: 'fall.err.heightFlush', params: { min: 1.35, max: 1.5 } }]);
  });

  test('each of front, back, left and right is required and within its limit; the e-fence is not empty', () => {
    assert.deepEqual(keys(settings({}), 'area'), []);
    const missing = fallProblems(settings({ distances: { front: 2, back: Number.NaN, left: 2, right: 2 } }), 'area');
    assert.deepEqual(missing, [{ key: 'fall.err.distanceRequired', params: { side: 'fall.side.back' } }]);
    assert.deepEqual(keys(settings({ distances: { front: 2.5, back: 1, left: 2, right: 2 } }), 'area'), ['fall.err.distanceMax']);
    assert.deepEqual(keys(settings({ distances: { front: 0, back: 0, left: 2, right: 2 } }), 'area'), ['fall.err.fenceEmpty']);
    const flush = withInstallMode(FALL_RADAR_DEFAULTS, 'flush');
    assert.deepEqual(keys({ ...flush, distances: { front: 4, back: 0.5, left: 1.5, right: 1.5 } }, 'area'), ['fall.err.distanceMax']);
    assert.deepEqual(keys({ ...flush, distances: { front: 4, back: 0, left: 2, right: 2 } }, 'area'), ['fall.err.width']);
  });

  test('shielded areas inside the area, numbered from 1', () => {
    const toilet = { kind: 'toilet' as const, length: 0.7, width: 0.5, height: 0.5, floorDistance: 0, x: 0, y: 1 };
    assert.deepEqual(keys(settings({ shieldedAreas: [toilet] }), 'shields'), []);
    assert.deepEqual(fallProblems(settings({ shieldedAreas: [toilet, { ...toilet, x: 1.9 }] }), 'shields'), [{ key: 'fall.err.shieldOutside', params: { n: 2 } }]);
  });

  test('a new install mode clears the shielded areas and takes the mode\'s recommended height and area', () => {
    const withArea = settings({ shieldedAreas: [{ kind: 'other', length: 0.5, width: 0.5, height: 1, floorDistance: 0, x: 0, y: 0 }] });
    const flush = withInstallMode(withArea, 'flush');
    assert.equal(flush.installMode, 'flush');
    assert.equal(flush.installHeight, 1.35);
    assert.deepEqual(flush.shieldedAreas, []);
    assert.deepEqual(flush.distances, { front: 4, back: 0, left: 1.5, right: 1.5 });
    assert.equal(withInstallMode(withArea, 'top'), withArea, 'the same mode changes nothing');
  });

  test('metres typed with a comma or a point; empty is not zero', () => {
    assert.equal(parseMetres('1,35'), 1.35);
    assert.equal(parseMetres(' 2.4 '), 2.4);
    assert.ok(Number.isNaN(parseMetres('')));
    assert.ok(Number.isNaN(parseMetres('abc')));
  });
});
