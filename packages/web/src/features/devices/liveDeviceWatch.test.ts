import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerFrame } from '@vigil/contracts';
import { liveDeviceWatch } from './liveDeviceWatch.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `condition` holds (at most 5 s): timers due in 20–60 ms can fire much later on a
 * loaded machine, so what must happen is waited for; what must not happen gets a fixed wait.
 */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await wait(5);
  }
}

function deviceData(deviceId: string): ServerFrame {
  return { path: '/deviceData', data: { deviceId, channel: 'status', receivedAt: Date.now(), data: {} } };
}

function harness(options: { fail?: boolean } = {}) {
  const calls: string[][] = [];
  const lives: boolean[] = [];
  let refreshes = 0;
  let fail = options.fail ?? false;
  const watch = liveDeviceWatch({
    subscribe: async (ids) => {
      calls.push([...ids]);
      if (fail) throw new Error('refused');
    },
    refresh: () => void refreshes++,
    onLive: (live) => void lives.push(live),
    renewMs: 60,
    debounceMs: 20,
  });
  return {
    watch, calls, lives,
    get refreshes() {
      return refreshes;
    },
    setFail: (value: boolean) => void (fail = value),
  };
}

describe('the device list live from the socket', () => {
  it('subscribes the shown devices once the socket is open, and refreshes once per burst of their /deviceData', async (t) => {
    const h = harness();
    // A failed assertion must not leave the renewal interval holding the process open.
    t.after(() => h.watch.dispose());
    h.watch.setStatus({ state: 'connecting', loginFailed: false, opens: 0 });
    h.watch.setDevices(['D1', 'D2']);
    assert.deepEqual(h.calls, [], 'nothing to ask while the socket is not open');
    h.watch.setStatus({ state: 'open', loginFailed: false, opens: 1 });
    await wait(0);
    assert.deepEqual(h.calls, [['D1', 'D2']]);
    assert.equal(h.watch.live, true);

    h.watch.frame(deviceData('OTHER'));
    h.watch.frame({ path: '/heartBeatResp', ts: 1 });
    await wait(40);
    assert.equal(h.refreshes, 0, 'a device not shown changes nothing');
    h.watch.frame(deviceData('D1'));
    h.watch.frame(deviceData('D2'));
    h.watch.frame(deviceData('D1'));
    await until(() => h.refreshes > 0, 'the burst refreshes the list');
    await wait(40);
    assert.equal(h.refreshes, 1);

    h.watch.setDevices(['D3']);
    await wait(0);
    assert.deepEqual(h.calls.at(-1), ['D3'], 'a new page is subscribed instead');
    h.watch.frame(deviceData('D1'));
    await wait(40);
    assert.equal(h.refreshes, 1, 'the previous page no longer counts');
    h.watch.dispose();
  });

  it('renews before the TTL; polls while the socket is down; after a reconnect subscribes again and refreshes', async (t) => {
    const h = harness();
    t.after(() => h.watch.dispose());
    h.watch.setDevices(['D1']);
    h.watch.setStatus({ state: 'open', loginFailed: false, opens: 1 });
    await until(() => h.calls.length >= 3, 'the subscription is renewed twice (every 60 ms)');
    h.watch.setStatus({ state: 'closed', loginFailed: false, opens: 1 });
    assert.equal(h.watch.live, false);
    const before = h.calls.length;
    await wait(150);
    assert.equal(h.calls.length, before, 'no renewals while closed');
    h.watch.setStatus({ state: 'open', loginFailed: false, opens: 2 });
    await wait(0);
    assert.equal(h.refreshes, 1, 'what changed while down is fetched');
    assert.equal(h.calls.length, before + 1);
    assert.equal(h.watch.live, true);
    assert.deepEqual(h.lives, [true, false, true]);
    h.watch.dispose();
    await wait(0);
    assert.deepEqual(h.calls.at(-1), [], 'leaving the page ends the subscription');
  });

  it('a refused subscription leaves the list polling; the next renewal that works makes it live', async (t) => {
    const h = harness({ fail: true });
    t.after(() => h.watch.dispose());
    h.watch.setDevices(['D1']);
    h.watch.setStatus({ state: 'open', loginFailed: false, opens: 1 });
    await wait(10);
    assert.equal(h.watch.live, false);
    h.setFail(false);
    await until(() => h.watch.live, 'a renewal that works makes the list live');
    h.watch.dispose();
  });
});
