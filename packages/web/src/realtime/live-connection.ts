import { SOCKET_HEARTBEAT_MS, SOCKET_PATH, SOCKET_RECONNECT_MS, type ServerFrame } from '@vigil/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { readSocketKey, useSession } from '../session/session-store.ts';
import { socketFrameCodec } from './frames.ts';
import { SocketClient, type SocketFactory, type SocketLike, type SocketStatus } from './socket-client.ts';

/**
 * The console's one live connection, shared by every feature: the shell starts it for a
 * signed-in session, features read its status and subscribe to its frames.
 */
type FrameListener = (frame: ServerFrame) => void;

const frameListeners = new Set<FrameListener>();
const statusListeners = new Set<() => void>();
let status: SocketStatus = { state: 'idle', loginFailed: false, opens: 0 };

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${SOCKET_PATH}`;
}

/** The browser's WebSocket behind the client's small socket interface. */
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

const connect: SocketFactory | undefined = typeof WebSocket === 'undefined' ? undefined : browserSocket;

const client = new SocketClient<ServerFrame>({
  url: socketUrl,
  key: readSocketKey,
  connect,
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
  log: (line) => console.warn(`[live] ${line}`),
});

/** Receives every server frame until the returned function is called. */
export function subscribeFrames(listener: FrameListener): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}

/** Sends a line to the server's client log (/wsLog) while connected. */
export function sendLiveLog(message: string): void {
  client.sendLog(message);
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** The connection's state, re-rendering on change. */
export function useLiveStatus(): SocketStatus {
  return useSyncExternalStore(subscribeStatus, () => status, () => status);
}

/** Calls `handler` for each frame while mounted (the latest handler, without resubscribing). */
export function useLiveFrames(handler: FrameListener): void {
  useEffect(() => subscribeFrames(handler), [handler]);
}

/**
 * Keeps the connection up while a session is signed in (the shell mounts it once); it
 * closes on sign-out and opens anew when the session switches provider, so the server
 * scopes it to the new one (spec 02 §4 provider switch).
 */
export function useLiveConnection(wanted: boolean): void {
  const session = useSession();
  const signedIn = session !== null && wanted;
  const providerId = session?.providerId ?? null;
  useEffect(() => {
    if (!signedIn) return;
    client.restart();
    return () => client.stop();
  }, [signedIn, providerId]);
}
