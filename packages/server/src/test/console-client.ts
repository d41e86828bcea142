import * as api from '@vigil/contracts';
import { PENDING_PAGE_SIZE, SOCKET_HEARTBEAT_MS, SOCKET_PATH, SOCKET_RECONNECT_MS, type AlarmRecord, type LoginResult, type ServerFrame } from '@vigil/contracts';
import { WebSocket } from 'ws';
import { DEMO_PASSWORD } from '../demo/seed.ts';
// The console's own socket state machine and frame codec (@vigil/client, no React, no DOM): reconnects 4 s after a close it did not ask for.
import { socketFrameCodec } from '@vigil/client/frames';
import { SocketClient, type SocketLike } from '@vigil/client/socket-client';

/** Signs in on a Vigil process as the console does (plain password, from PC). */
export async function consoleLogin(baseUrl: string, userName: string): Promise<LoginResult> {
  const response = await fetch(new URL(`/api${api.login.path}`, baseUrl), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false }),
  });
  const body = (await response.json()) as { status: number; data: LoginResult; msg: string };
  if (body.status !== 200) throw new Error(`login ${userName}: ${body.msg}`);
  return body.data;
}

/** Every page of the pending list (alarmLog/unDeal), newest first, paging on with the last row's cursor as the console does. */
export async function fetchPendingList(baseUrl: string, token: string): Promise<AlarmRecord[]> {
  const rows: AlarmRecord[] = [];
  for (;;) {
    const last = rows.at(-1);
    const response = await fetch(new URL(`/api${api.alarmLogUnDeal.path}`, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 's-token': token },
      body: JSON.stringify({ pageNum: 1, pageSize: PENDING_PAGE_SIZE, orderBy: 'timeStamp', order: 'desc', ...(last ? { beforeTime: last.raisedAt, beforeId: last.id } : {}) }),
    });
    const body = (await response.json()) as { status: number; data: { rows: AlarmRecord[]; total: number }; msg: string };
    if (body.status !== 200) throw new Error(`pending list: ${body.msg}`);
    rows.push(...body.data.rows);
    if (body.data.rows.length < PENDING_PAGE_SIZE) return rows;
  }
}

/** What a test console saw: new-alarm frames per alarm, pending-list refetches, closes. */
export interface TestConsole {
  readonly name: string;
  /** New-alarm frames (/alertNotify, /safeAlertNotify) per alarm ID, over every connection of this console. */
  readonly newFrames: Map<number, number>;
  /** Alarm IDs that came in a pending-list refetch (made on each (re)open, as the console's alarm centre does). */
  readonly refetched: Set<number>;
  /** Close codes of its sockets, in order (SOCKET_CLOSE_REFETCH: the server asked it to fetch again). */
  readonly closes: number[];
  /** Base URLs of the processes it opened a session on, in order. */
  readonly opens: string[];
  /** Refetches that failed (the process died under it); the next open fetches again. */
  readonly failedRefetches: number;
  /** Whether a refetch is under way. */
  readonly refetching: boolean;
  /** Whether its socket is open and logged in now. */
  readonly open: boolean;
  stop(): void;
}

/**
 * A console as the web console keeps its live connection (@vigil/client, packages/client): the same
 * SocketClient, heartbeat and reconnect delay, over `ws`; each time the socket (re)opens it fetches
 * the pending list, as AlarmCenter does. `target()` answers where it connects now: the process
 * a load balancer would send it to (a survivor once its own process is gone).
 */
export function startTestConsole(options: { name: string; session: LoginResult; target: () => string; reconnectMs?: number }): TestConsole {
  const newFrames = new Map<number, number>();
  const refetched = new Set<number>();
  const closes: number[] = [];
  const opens: string[] = [];
  let failedRefetches = 0;
  let refetches = 0;
  let connectedTo = '';
  const connect = (url: string): SocketLike => {
    const ws = new WebSocket(url);
    const adapter: SocketLike = {
      get readyState() {
        return ws.readyState;
      },
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (data) => ws.send(data),
      close: (code, reason) => ws.close(code, reason),
    };
    ws.on('open', () => adapter.onopen?.({}));
    ws.on('message', (data) => adapter.onmessage?.({ data: data.toString() }));
    ws.on('close', (code) => {
      closes.push(code);
      adapter.onclose?.({ code });
    });
    ws.on('error', () => adapter.onerror?.({}));
    return adapter;
  };
  const client = new SocketClient<ServerFrame>({
    url: () => {
      connectedTo = options.target();
      return `${connectedTo.replace(/^http/, 'ws')}${SOCKET_PATH}`;
    },
    key: () => options.session.key,
    connect,
    codec: socketFrameCodec,
    heartbeatMs: SOCKET_HEARTBEAT_MS,
    reconnectMs: options.reconnectMs ?? SOCKET_RECONNECT_MS,
    onFrame(frame) {
      if (frame.path === '/alertNotify' || frame.path === '/safeAlertNotify') newFrames.set(frame.data.id, (newFrames.get(frame.data.id) ?? 0) + 1);
    },
    onOpen() {
      const baseUrl = connectedTo;
      opens.push(baseUrl);
      refetches++;
      fetchPendingList(baseUrl, options.session.token)
        .then((rows) => {
          for (const row of rows) refetched.add(row.id);
        }, () => failedRefetches++)
        .finally(() => refetches--);
    },
  });
  client.start();
  return {
    name: options.name,
    newFrames,
    refetched,
    closes,
    opens,
    get failedRefetches() {
      return failedRefetches;
    },
    get refetching() {
      return refetches > 0;
    },
    get open() {
      return client.status.state === 'open';
    },
    stop: () => client.stop(),
  };
}
