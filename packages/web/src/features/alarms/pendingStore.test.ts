import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alarmRecord } from '../../../test/alarm-fixture.ts';
import { PendingAlarms, pendingOnly } from './pendingStore.ts';
import { SeenPopups } from './seenPopups.ts';
import { readPlacement } from './PendingPanel.tsx';

const T0 = Date.UTC(2026, 10, 27, 2, 0, 0);
/** Alarm n: higher n is newer (and has a higher id). */
const nth = (n: number) => alarmRecord({ id: n, alertRecordId: n, raisedAt: T0 + n * 1000 });
const count = (store: PendingAlarms) => pendingOnly(store.all()).length + store.unloaded;

describe('the pending store counts every open alarm, loaded or not (issue 25 item 1, issue 26)', () => {
  it('a first page of 3 of 5: 5 counted, the cursor at the oldest row shown', () => {
    const store = new PendingAlarms();
    store.replaceAll([nth(5), nth(4), nth(3)], T0, 5);
    assert.equal(count(store), 5);
    assert.equal(store.unloaded, 2);
    assert.equal(store.cursor?.id, 3);
  });

  it('the next page loads the rest; nothing left to load', () => {
    const store = new PendingAlarms();
    store.replaceAll([nth(5), nth(4), nth(3)], T0, 5);
    store.appendOlder([nth(2), nth(1)], 2);
    assert.equal(count(store), 5);
    assert.equal(store.unloaded, 0);
    assert.equal(store.cursor, null);
    assert.deepEqual(pendingOnly(store.all()).map((entry) => entry.alarm.id), [5, 4, 3, 2, 1]);
  });

  it('a notice about an alarm not loaded yet takes it off the count; one handled here is counted once', () => {
    const store = new PendingAlarms();
    store.replaceAll([nth(5), nth(4), nth(3)], T0, 5);
    store.handled({ id: 1, handler: 'Eva' }, false);
    assert.equal(count(store), 4);
    store.handled({ id: 5 }, true);
    // The /checkAlarm of our own handling arrives after: no second decrement, still "handled here".
    store.handled({ id: 5, handler: 'Me' }, false);
    assert.equal(count(store), 3);
    assert.deepEqual(store.closedInfo(5), { kind: 'handled', handler: 'Me', here: true });
    assert.deepEqual(store.closedInfo(1), { kind: 'handled', handler: 'Eva', here: false });
  });

  it('a repeat of an alarm past the loaded pages moves it into the list without counting it twice', () => {
    const store = new PendingAlarms();
    store.replaceAll([nth(5), nth(4), nth(3)], T0, 5);
    assert.equal(store.notify(nth(2), T0 + 10_000), true);
    assert.equal(count(store), 5);
    assert.equal(store.unloaded, 1);
  });

  it('a new alarm adds one; a late notice of an alarm already handled does not bring it back', () => {
    const store = new PendingAlarms();
    store.replaceAll([nth(5)], T0, 1);
    store.notify(nth(6), T0 + 10_000);
    assert.equal(count(store), 2);
    store.handled({ id: 6 }, false);
    assert.equal(store.notify(nth(6), T0 + 11_000), false);
    assert.equal(count(store), 1);
  });

  it('a read that crossed a handling on the way does not bring the handled alarm back', () => {
    const store = new PendingAlarms();
    store.replaceAll([nth(5), nth(4)], T0, 2);
    store.handled({ id: 5 }, false);
    store.replaceAll([nth(5), nth(4)], T0 + 1, 2);
    assert.deepEqual(pendingOnly(store.all()).map((entry) => entry.alarm.id), [4]);
  });

  it('lists SOS and falls first, then red, orange, reminders, newest first', () => {
    const store = new PendingAlarms();
    store.replaceAll([
      alarmRecord({ id: 1, alertType: 'DOOR_OPEN', alertLevel: 1, raisedAt: T0 + 5 }),
      alarmRecord({ id: 2, alertType: 'LOW_POWER', alertLevel: 2, raisedAt: T0 + 4 }),
      alarmRecord({ id: 3, alertType: 'SMOKE', alertLevel: 1, raisedAt: T0 + 3 }),
      alarmRecord({ id: 4, alertType: 'SOS', alertLevel: 2, raisedAt: T0 + 1 }),
      alarmRecord({ id: 5, alertType: 'FALL_ALARM', alertLevel: 1, raisedAt: T0 + 2 }),
    ], T0);
    assert.deepEqual(store.all().map((entry) => entry.alarm.id), [5, 4, 3, 2, 1]);
  });
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('popups seen on an earlier page load do not reopen (issue 25 item 5)', () => {
  it('remembers shown popups for the next page load only, and never hides a new alarm', () => {
    const storage = memoryStorage();
    const first = new SeenPopups(storage);
    assert.equal(first.seenBefore(41), false);
    first.mark(41);
    assert.equal(first.seenBefore(41), false, 'a popup showing now keeps running');
    const reloaded = new SeenPopups(storage);
    assert.equal(reloaded.seenBefore(41), true);
    assert.equal(reloaded.seenBefore(42), false, 'a new alarm has a new id');
  });

  it('keeps the last 500 and survives bad storage', () => {
    const storage = memoryStorage();
    const seen = new SeenPopups(storage);
    for (let id = 1; id <= 600; id++) seen.mark(id);
    const reloaded = new SeenPopups(storage);
    assert.equal(reloaded.seenBefore(100), false);
    assert.equal(reloaded.seenBefore(600), true);
    assert.equal(new SeenPopups(memoryStorage({ 'vigil.seenAlarmPopups': 'not json' })).seenBefore(1), false);
  });
});

describe('the pending panel keeps where it was put (issue 25 item 5)', () => {
  it('reads the stored choice, and defaults (open, right) for missing or bad values', () => {
    assert.deepEqual(readPlacement(memoryStorage()), { open: true, openMobile: false, side: 'right' });
    assert.deepEqual(readPlacement(memoryStorage({ 'vigil.pendingPanel': '{"open":false,"side":"left"}' })), { open: false, openMobile: false, side: 'left' });
    assert.deepEqual(readPlacement(memoryStorage({ 'vigil.pendingPanel': '{"open":"no","side":"up"}' })), { open: true, openMobile: false, side: 'right' });
    assert.deepEqual(readPlacement(memoryStorage({ 'vigil.pendingPanel': '{{' })), { open: true, openMobile: false, side: 'right' });
  });
});
