import { SOCKET_HEARTBEAT_MS, SOCKET_PATH, SOCKET_RECONNECT_MS, type ServerFrame } from '@vigil/contracts';
import { useEffect, useSyncExternalStore } from 'react';
// The console's socket state machine and frame codec (no React, no antd): the same frames,
// the same reconnect after 4 s, the same refetch on every (re)open.
import { socketFrameCodec } from '../../web/src/realtime/frames.ts';
import { SocketClient, type SocketLike, type SocketStatus } from '../../web/src/realtime/socket-client.ts';
import { readSession } from './session.ts';

type FrameListener = (frame: ServerFrame) => void;
const frameListeners = new Set<FrameListener>();
const openListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();
let status: SocketStatus = { state: 'idle', loginFailed: false, opens: 0 };

function browserSocket(url: string): SocketLike {
  const socket = new WebSocket(url);
  const adapter: SocketLike = {
    get readyState() {
      return socket.readyState;
    },
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
  };
  socket.onopen = (event) => adapter.onopen?.(event);
  socket.onmessage = (event) => adapter.onmessage?.({ data: event.data });
  socket.onclose = (event) => adapter.onclose?.(event);
  socket.onerror = (event) => adapter.onerror?.(event);
  return adapter;
}

const client = new SocketClient<ServerFrame>({
  url: () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`,
  key: () => readSession()?.socketKey ?? null,
  connect: typeof WebSocket === 'undefined' ? undefined : browserSocket,
  codec: socketFrameCodec,
  heartbeatMs: SOCKET_HEARTBEAT_MS,
  reconnectMs: SOCKET_RECONNECT_MS,
  onStatus: (next) => {
    status = next;
    for (const listener of statusListeners) listener();
  },
  onFrame: (frame) => {
    for (const listener of frameListeners) listener(frame);
  },
  onOpen: () => {
    for (const listener of openListeners) listener();
  },
  log: (line) => console.warn(`[live] ${line}`),
});

export function useLiveStatus(): SocketStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => status,
  );
}

/** Keeps the connection up while mounted; `onOpen` runs on each (re)open, `onFrame` for each frame. */
export function useLiveConnection(onFrame: FrameListener, onOpen: () => void): void {
  useEffect(() => {
    frameListeners.add(onFrame);
    openListeners.add(onOpen);
    return () => {
      frameListeners.delete(onFrame);
      openListeners.delete(onOpen);
    };
  }, [onFrame, onOpen]);
  useEffect(() => {
    client.restart();
    return () => client.stop();
  }, []);
}
