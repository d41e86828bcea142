import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FALL_RADAR_DEFAULTS, fallDefaultsFor, fallSettingsProblems, FallRadarSettingsSchema, type FallRadarSettings } from './fall-radar.ts';

const keys = (settings: FallRadarSettings) => fallSettingsProblems(settings).map(([path, key]) => `${path}:${key}`);

test('top mount: 2.2–3 m high, up to 2 m each way; the recommended defaults pass', () => {
  assert.deepEqual(keys(FALL_RADAR_DEFAULTS), []);
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, installHeight: 2.2 }), []);
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, installHeight: 3 }), []);
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, installHeight: 2.19 }), ['installHeight:fallRadar.height']);
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, distances: { front: 2.1, back: 2, left: 2, right: 2 } }), ['distances.front:fallRadar.distance', 'distances:fallRadar.distance']);
});

test('flush mount: 1.35–1.5 m high, nothing behind, at most 3 m wide and 4 m forward', () => {
  const flush: FallRadarSettings = { ...FALL_RADAR_DEFAULTS, installMode: 'flush', ...fallDefaultsFor('flush') };
  assert.equal(flush.installHeight, 1.35);
  assert.deepEqual(keys(flush), []);
  assert.deepEqual(keys({ ...flush, installHeight: 1.51 }), ['installHeight:fallRadar.height']);
  assert.deepEqual(keys({ ...flush, distances: { front: 4, back: 0.2, left: 1.5, right: 1.5 } }), ['distances.back:fallRadar.distance', 'distances:fallRadar.distance']);
  assert.deepEqual(keys({ ...flush, distances: { front: 4, back: 0, left: 2, right: 1.5 } }), ['distances:fallRadar.distance']);
});

test('the e-fence must not be empty, and shielded areas lie inside it and below the device', () => {
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, distances: { front: 0, back: 0, left: 1, right: 1 } }), ['distances:fallRadar.fenceEmpty']);
  const toilet = { kind: 'toilet' as const, length: 0.7, width: 0.5, height: 0.5, floorDistance: 0, x: 1.75, y: 0 };
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, shieldedAreas: [toilet] }), []);
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, shieldedAreas: [{ ...toilet, x: 1.8 }] }), ['shieldedAreas.0:fallRadar.shieldOutside']);
  assert.deepEqual(keys({ ...FALL_RADAR_DEFAULTS, shieldedAreas: [{ ...toilet, floorDistance: 2, height: 0.5 }] }), ['shieldedAreas.0.height:fallRadar.shieldSize']);
  const parsed = FallRadarSettingsSchema.safeParse({ ...FALL_RADAR_DEFAULTS, installHeight: 5 });
  assert.equal(parsed.success ? '' : parsed.error.issues[0].message, 'fallRadar.height');
});
