import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerFrame } from '@vigil/contracts';
import { createLiveHub } from './live-hub.ts';
import type { SocketLike } from './socket-client.ts';

/** A socket in memory: the test plays the server (opens it, answers, drops it). */
function fakeSocket() {
  const sent: Array<{ path: string; key?: string; msg?: string }> = [];
  const sockets: Array<SocketLike & { readyState: number }> = [];
  const connect = (_url: string): SocketLike => {
    const socket: SocketLike & { readyState: number } = {
      readyState: 0,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (data) => void sent.push(JSON.parse(data)),
      close: () => {
        socket.readyState = 3;
      },
    };
    sockets.push(socket);
    return socket;
  };
  const latest = () => {
    const socket = sockets.at(-1);
    assert.ok(socket, 'a socket was made');
    return socket;
  };
  return {
    sent,
    sockets,
    connect,
    open() {
      latest().readyState = 1;
      latest().onopen?.(null);
    },
    reply(frame: object) {
      latest().onmessage?.({ data: JSON.stringify(frame) });
    },
  };
}

describe('the live hub both clients share (@vigil/client)', () => {
  it('logs in with the key, tells open, frame and status listeners, and stops without reconnecting', () => {
    const server = fakeSocket();
    const lines: string[] = [];
    const hub = createLiveHub({ key: () => 'key-1', url: () => 'ws://vigil.test/ws', connect: server.connect, log: (line) => lines.push(line) });
    const frames: ServerFrame[] = [];
    const states: string[] = [];
    let opens = 0;
    const unsubscribeFrames = hub.subscribeFrames((frame) => frames.push(frame));
    hub.subscribeOpen(() => opens++);
    hub.subscribeStatus(() => states.push(hub.status().state));

    assert.equal(hub.status().state, 'idle');
    hub.restart();
    assert.equal(hub.status().state, 'connecting');
    server.open();
    assert.deepEqual(server.sent, [{ path: '/login', key: 'key-1' }]);
    server.reply({ path: '/login', code: 200 });
    assert.equal(hub.status().state, 'open');
    assert.equal(hub.status().opens, 1);
    assert.equal(opens, 1, 'open listeners hear each open');

    server.reply({ path: '/dataChange', data: [] });
    server.reply({ path: '/notAFrame' });
    assert.deepEqual(frames.map((frame) => frame.path), ['/login', '/dataChange'], 'frames of the protocol only');
    unsubscribeFrames();
    server.reply({ path: '/dataChange', data: [] });
    assert.equal(frames.length, 2, 'an unsubscribed listener hears nothing');

    hub.sendLog('hello');
    assert.deepEqual(server.sent.at(-1), { path: '/wsLog', key: 'key-1', msg: 'hello' });

    hub.stop();
    assert.equal(hub.status().state, 'closed');
    assert.deepEqual(states, ['closed', 'connecting', 'open', 'closed']);
    assert.equal(server.sockets.length, 1);
    assert.deepEqual(lines, []);
  });

  it('makes no connection while signed out, and reports a refused login', () => {
    const server = fakeSocket();
    let key: string | null = null;
    const lines: string[] = [];
    const hub = createLiveHub({ key: () => key, url: () => 'ws://vigil.test/ws', connect: server.connect, log: (line) => lines.push(line) });
    hub.restart();
    assert.equal(hub.status().state, 'closed');
    assert.equal(server.sockets.length, 0, 'no key, no socket');

    key = 'stale';
    hub.restart();
    server.open();
    server.reply({ path: '/login', code: 401 });
    assert.equal(hub.status().loginFailed, true);
    assert.deepEqual(lines, ['socket login refused']);
    hub.stop();
  });
});
