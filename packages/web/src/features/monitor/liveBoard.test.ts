import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResidentLiveState } from '@vigil/contracts';
import { alarmRecord } from '../../../test/alarm-fixture.ts';
import { HISTORY_MS, LiveBoard } from './liveBoard.ts';

function state(userId: number, patch: Partial<ResidentLiveState> = {}): ResidentLiveState {
  return {
    userId, userName: `R${userId}`, bunk: '1', room: '101', roomId: 101, floorArea: 'A 1F', bedState: 'in', sleepState: 'light', hr: 60, rr: 14, move: 3, sampleAt: 1000,
    deviceOnline: true, devices: [], openAlarms: [], focused: false, away: null, ...patch,
  };
}

describe('the live board (batched per animation frame)', () => {
  it('applies a burst of /dataChange deltas once, on the next frame, notifying only the residents that changed', () => {
    const frames: Array<() => void> = [];
    const board = new LiveBoard((flush) => frames.push(flush));
    board.load([state(1), state(2), state(3)]);
    const calls = new Map<number, number>();
    for (const id of [1, 2, 3]) board.subscribe(id, () => calls.set(id, (calls.get(id) ?? 0) + 1));
    for (let second = 0; second < 5; second++) board.push([state(1, { hr: 60 + second, sampleAt: 2000 + second }), state(2, { sampleAt: 2000 + second })]);
    assert.equal(frames.length, 1, 'one frame is requested for the whole burst');
    assert.equal(board.get(1)?.hr, 60, 'nothing changes before the frame');
    frames[0]();
    assert.equal(board.get(1)?.hr, 64, 'the latest delta wins');
    assert.deepEqual([calls.get(1), calls.get(2), calls.get(3)], [1, 1, undefined]);
  });

  it('a room-level alarm (no resident) marks every card of the room, and leaves them all when it goes', () => {
    const board = new LiveBoard((flush) => flush());
    board.load([state(1), state(2), state(3, { room: '102', roomId: 102 })]);
    const notified: number[] = [];
    for (const id of [1, 2, 3]) board.subscribe(id, () => notified.push(id));
    board.alarmRaised(alarmRecord({ id: 90, userId: null, roomId: 101, userName: '', bunk: '' }));
    assert.deepEqual([1, 2, 3].map((id) => board.get(id)?.openAlarms.map((open) => open.id)), [[90], [90], []]);
    assert.deepEqual(notified.sort(), [1, 2]);
    board.alarmGone(90);
    assert.deepEqual([1, 2].map((id) => board.get(id)?.openAlarms.length), [0, 0]);
  });

  it('ignores samples of residents no screen has listed', () => {
    const board = new LiveBoard((flush) => flush());
    board.push([{ userId: 99, bedState: 'in', sleepState: null, hr: 70, rr: 12, move: 0, sampleAt: 5 }]);
    assert.equal(board.get(99), undefined);
  });

  it('colours a card while its alarm is open and clears it when handled', () => {
    const board = new LiveBoard((flush) => flush());
    board.load([state(1)]);
    board.alarmRaised(alarmRecord({ id: 5, userId: 1 }));
    assert.deepEqual(board.get(1)?.openAlarms.map((open) => open.id), [5]);
    board.alarmGone(5);
    assert.deepEqual(board.get(1)?.openAlarms, []);
  });

  it('keeps the last 10 minutes of samples per resident for the household chart', () => {
    const board = new LiveBoard((flush) => flush());
    board.load([state(7)]);
    for (let t = 0; t <= 15 * 60_000; t += 60_000) board.push([state(7, { sampleAt: t, hr: 50 + t / 60_000, move: t / 60_000 })]);
    const samples = board.samples(7);
    assert.equal(samples.at(-1)?.t, 15 * 60_000);
    assert.equal(samples.at(-1)?.move, 15, 'the movement line has its samples');
    assert.ok(samples[0].t >= 15 * 60_000 - HISTORY_MS);
    assert.equal(samples.length, 11);
  });
});
