import { SOCKET_HEARTBEAT_MS, SOCKET_PATH, SOCKET_RECONNECT_MS, type ServerFrame } from '@vigil/contracts';
import { socketFrameCodec } from './frames.ts';
import { SocketClient, type SocketFactory, type SocketLike, type SocketStatus } from './socket-client.ts';

/**
 * One live connection of a client (the console, the app) and who listens to it: the socket
 * client with the live protocol's codec and timings, the browser's WebSocket, and sets of
 * listeners for frames, (re)opens and status changes. No React: each client wraps it in its
 * own hooks (useSyncExternalStore over `subscribeStatus` and `status`).
 */
export interface LiveHub {
  /** Every server frame until the returned function is called. */
  subscribeFrames(listener: (frame: ServerFrame) => void): () => void;
  /** Each time the connection opens (first or again): refetch what may have been missed. */
  subscribeOpen(listener: () => void): () => void;
  subscribeStatus(listener: () => void): () => void;
  /** The connection's state now (a new object on each change). */
  status(): SocketStatus;
  /** Drops the connection, if any, and opens a new one. */
  restart(): void;
  /** Closes deliberately: no reconnect until restart(). */
  stop(): void;
  /** Sends a line to the server's client log (/wsLog) while open. */
  sendLog(message: string): void;
}

export interface LiveHubOptions {
  /** The session's socket key; null when signed out (no connection is made). */
  key: () => string | null;
  /** The socket URL; by default the live path on the page's host, wss behind https. */
  url?: () => string;
  /** How a socket is made; by default the browser's WebSocket (none: the client reports `unsupported`). */
  connect?: SocketFactory;
  log?: (line: string) => void;
}

/** The page's live socket URL: the live path on its own host, wss when the page is https. */
export function liveSocketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
}

/** The browser's WebSocket behind the socket client's small interface. */
export function browserSocket(url: string): SocketLike {
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

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const frameListeners = new Set<(frame: ServerFrame) => void>();
  const openListeners = new Set<() => void>();
  const statusListeners = new Set<() => void>();
  let current: SocketStatus = { state: 'idle', loginFailed: false, opens: 0 };
  const subscribe = <T>(listeners: Set<T>, listener: T) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const client = new SocketClient<ServerFrame>({
    url: options.url ?? liveSocketUrl,
    key: options.key,
    connect: options.connect ?? (typeof WebSocket === 'undefined' ? undefined : browserSocket),
    codec: socketFrameCodec,
    heartbeatMs: SOCKET_HEARTBEAT_MS,
    reconnectMs: SOCKET_RECONNECT_MS,
    onStatus: (next) => {
      current = next;
      for (const listener of statusListeners) listener();
    },
    onFrame: (frame) => {
      for (const listener of frameListeners) listener(frame);
    },
    onOpen: () => {
      for (const listener of openListeners) listener();
    },
    log: options.log ?? ((line) => console.warn(`[live] ${line}`)),
  });

  return {
    subscribeFrames: (listener) => subscribe(frameListeners, listener),
    subscribeOpen: (listener) => subscribe(openListeners, listener),
    subscribeStatus: (listener) => subscribe(statusListeners, listener),
    status: () => current,
    restart: () => client.restart(),
    stop: () => client.stop(),
    sendLog: (message) => client.sendLog(message),
  };
}
