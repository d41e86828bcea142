import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerClick } from './version-clicks.ts';

function clickAt(times: number[]): boolean[] {
  let state: number[] = [];
  return times.map((now) => {
    const result = registerClick(state, now);
    state = result.times;
    return result.toggle;
  });
}

test('ten clicks within 8 seconds toggle the version detail', () => {
  const toggles = clickAt(Array.from({ length: 10 }, (_, index) => index * 700));
  assert.deepEqual(toggles, [false, false, false, false, false, false, false, false, false, true]);
});

test('clicks spread over more than 8 seconds do not', () => {
  const toggles = clickAt(Array.from({ length: 10 }, (_, index) => index * 1000));
  assert.equal(toggles.includes(true), false);
});
