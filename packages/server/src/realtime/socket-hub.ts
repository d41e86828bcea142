import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  CARE_ROLES,
  ClientFrameSchema,
  deviceTypeInfo,
  formatAlarmDuration,
  formatAlarmText,
  pickLanguage,
  LanguageSchema,
  SOCKET_CLOSE_IDLE,
  SOCKET_CLOSE_REFETCH,
  SOCKET_CLOSE_LOGIN_FAILED,
  SOCKET_CLOSE_SESSION_ENDED,
  SOCKET_FRAME_MAX_BYTES,
  SOCKET_HEARTBEAT_MS,
  SOCKET_IDLE_CLOSE_MS,
  SOCKET_LOGIN_OK,
  SOCKET_LOGIN_REFUSED,
  SOCKET_LOGIN_TIMEOUT_MS,
  SOCKET_PATH,
  type AlarmRecord,
  type Language,
  type LiveDeviceMessage,
  type ServerFrame,
} from '@vigil/contracts';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { EventBus } from '../events/event-bus.ts';
import type { SessionInfo } from '../http/context.ts';
import type { LiveSubscriptions } from '../ingest/live-subscriptions.ts';
import { checkAlarmNotice, reliefNotice } from '../modules/alarms/alarm.presenter.ts';
import { scopeIncludes } from '../tenancy/scope.ts';

/** A client this far behind (bytes queued) is dropped; it reconnects and fetches the pending list. */
const SEND_BUFFER_MAX_BYTES = 4 * 1024 * 1024;

interface Client {
  ws: WebSocket;
  /** The TCP socket under ws: corked while frames of this event-loop turn pile up. */
  socket: Duplex;
  corked: boolean;
  language: Language;
  connectedAt: number;
  lastFrameAt: number;
  key: string | null;
  session: SessionInfo | null;
  /** The provider it hears: the session's current provider. */
  providerId: number | null;
}

export interface HubLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Home-safety sensors and gateway sub-devices notify on /safeAlertNotify; the rest on /alertNotify. */
export function notifyPath(deviceType: number): '/alertNotify' | '/safeAlertNotify' {
  const screen = deviceTypeInfo(deviceType)?.screen;
  return screen === 'safeDeviceManage' || (screen === 'hostDevice' && deviceType !== 21008) ? '/safeAlertNotify' : '/alertNotify';
}

/** The alarm with its long text in the socket's language. */
function localized(alarm: AlarmRecord, language: Language): AlarmRecord {
  if (!alarm.longKey) return alarm;
  const text = formatAlarmText(language, alarm.longKey, { userName: alarm.userName, addr: alarm.address, duration: formatAlarmDuration(language, alarm.duration) });
  return { ...alarm, text };
}

/**
 * The live socket (spec 02 §7) at SOCKET_PATH on the server's own port. A socket logs in
 * with its session's socket key (or token), then hears its current provider's alarms,
 * reliefs, handlings and live samples from the event bus, which carries them from every
 * Vigil process. Sessions are checked again on every heartbeat and every 10 s: a logout,
 * revoked session, disabled account or provider closes the socket; a provider switch
 * re-scopes it.
 */
export function socketHub(deps: {
  server: Server;
  bus: EventBus;
  authenticateSocket: (key: string) => Promise<SessionInfo>;
  log: HubLog;
  now: () => number;
  onOpenChange?: (open: number) => void;
}) {
  const clients = new Set<Client>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: SOCKET_FRAME_MAX_BYTES });

  /** Sockets corked during this event-loop turn, uncorked together by flush(). */
  let corked: Client[] = [];
  let flushScheduled = false;

  /** Writes every socket's frames of this turn: one write system call per socket instead of one per frame. */
  function flush(): void {
    flushScheduled = false;
    const list = corked;
    corked = [];
    for (const client of list) {
      client.corked = false;
      client.socket.uncork();
    }
  }

  /**
   * Sends a frame (or one already encoded as UTF-8 JSON) as a text message. Frames are
   * queued on the corked TCP socket in the order sent and written once this turn's I/O is
   * done (setImmediate), so a storm of alarms costs a write per socket per turn, not per alarm.
   */
  function send(client: Client, frame: ServerFrame | Buffer): void {
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (client.ws.bufferedAmount > SEND_BUFFER_MAX_BYTES) {
      client.ws.close(SOCKET_CLOSE_IDLE, 'too slow');
      return;
    }
    if (!client.corked) {
      client.corked = true;
      client.socket.cork();
      corked.push(client);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    client.ws.send(Buffer.isBuffer(frame) ? frame : JSON.stringify(frame), { binary: false });
  }

  /** Sends to every logged-in socket of the provider, serializing and encoding once per language. */
  function broadcast(providerId: number, frameFor: (language: Language) => ServerFrame): void {
    const encoded = new Map<Language, Buffer>();
    for (const client of clients) {
      if (client.session === null || client.providerId !== providerId) continue;
      let bytes = encoded.get(client.language);
      if (bytes === undefined) encoded.set(client.language, (bytes = Buffer.from(JSON.stringify(frameFor(client.language)))));
      send(client, bytes);
    }
  }

  function scopeOf(session: SessionInfo): number | null {
    const role = session.scope.role;
    // Caregivers hear their care home's alarms in the mobile app (docs/app.md).
    if (role !== 'NURSING' && !CARE_ROLES.some((care) => care === role)) return null;
    return session.scope.currentProviderId;
  }

  async function login(client: Client, key: string): Promise<void> {
    try {
      const session = await deps.authenticateSocket(key);
      const providerId = scopeOf(session);
      if (providerId === null) throw new Error('role without a provider to hear');
      client.key = key;
      client.session = session;
      client.providerId = providerId;
      send(client, { path: '/login', code: SOCKET_LOGIN_OK, msg: 'ok' });
    } catch {
      send(client, { path: '/login', code: SOCKET_LOGIN_REFUSED, msg: 'login refused' });
      client.ws.close(SOCKET_CLOSE_LOGIN_FAILED, 'login refused');
    }
  }

  /** Checks the sessions of logged-in sockets again (one check per key). */
  async function recheck(targets: Client[]): Promise<void> {
    const byKey = new Map<string, Client[]>();
    for (const client of targets) {
      if (client.key === null) continue;
      const list = byKey.get(client.key) ?? [];
      list.push(client);
      byKey.set(client.key, list);
    }
    for (const [key, list] of byKey) {
      let session: SessionInfo | null = null;
      try {
        session = await deps.authenticateSocket(key);
      } catch {
        session = null;
      }
      const providerId = session ? scopeOf(session) : null;
      for (const client of list) {
        if (!session || providerId === null) {
          client.session = null;
          client.ws.close(SOCKET_CLOSE_SESSION_ENDED, 'session ended');
        } else {
          client.session = session;
          client.providerId = providerId;
        }
      }
    }
  }

  function onMessage(client: Client, data: RawData): void {
    client.lastFrameAt = deps.now();
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return;
    }
    const frame = ClientFrameSchema.safeParse(parsed);
    if (!frame.success) return;
    switch (frame.data.path) {
      case '/login':
        void login(client, frame.data.key);
        return;
      case '/hearBeat':
        send(client, { path: '/heartBeatResp', ts: deps.now() });
        return;
      case '/wsLog':
        deps.log.info({ socketLog: frame.data.msg.slice(0, 1024), accountId: client.session?.accountId ?? null }, 'console socket log');
        return;
    }
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://vigil.local');
    if (url.pathname !== SOCKET_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const queryLanguage = LanguageSchema.safeParse(url.searchParams.get('lang'));
      const client: Client = {
        ws,
        socket,
        corked: false,
        language: queryLanguage.success ? queryLanguage.data : pickLanguage(request.headers['accept-language']),
        connectedAt: deps.now(),
        lastFrameAt: deps.now(),
        key: null,
        session: null,
        providerId: null,
      };
      clients.add(client);
      deps.onOpenChange?.(clients.size);
      ws.on('message', (data) => onMessage(client, data));
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        clients.delete(client);
        deps.onOpenChange?.(clients.size);
      });
    });
  }
  deps.server.on('upgrade', onUpgrade);

  const timer = setInterval(() => {
    const time = deps.now();
    const loggedIn: Client[] = [];
    for (const client of clients) {
      if (client.session === null && time - client.connectedAt > SOCKET_LOGIN_TIMEOUT_MS) client.ws.close(SOCKET_CLOSE_LOGIN_FAILED, 'no login');
      else if (time - client.lastFrameAt > SOCKET_IDLE_CLOSE_MS) client.ws.close(SOCKET_CLOSE_IDLE, 'idle');
      else if (client.session !== null) loggedIn.push(client);
    }
    void recheck(loggedIn).catch((error: unknown) => deps.log.warn({ err: error }, 'socket session check failed'));
  }, SOCKET_HEARTBEAT_MS);
  timer.unref();

  /**
   * Tells every console that frames may have been missed (the bus between processes was
   * interrupted): each socket is closed with SOCKET_CLOSE_REFETCH, so the console reconnects and
   * fetches the pending list again, as after any reconnect (the socket protocol's refetch path).
   */
  function refetchAll(): number {
    let told = 0;
    for (const client of clients) {
      if (client.ws.readyState !== WebSocket.OPEN) continue;
      client.ws.close(SOCKET_CLOSE_REFETCH, 'events may have been missed: fetch again');
      told++;
    }
    return told;
  }

  const unsubscribe = [
    deps.bus.onInterrupted(() => {
      const told = refetchAll();
      deps.log.warn({ sockets: told }, 'event bus was interrupted: consoles told to fetch the pending list again');
    }),
    deps.bus.subscribe('alarm.raised', ({ providerId, alarm }) => {
      const path = notifyPath(alarm.deviceType);
      broadcast(providerId, (language) => ({ path, data: localized(alarm, language) }));
    }),
    deps.bus.subscribe('alarm.relieved', ({ providerId, alarm }) => {
      const data = reliefNotice(alarm);
      broadcast(providerId, () => ({ path: '/userStatusNotify', data }));
    }),
    deps.bus.subscribe('alarm.handled', ({ providerId, alarm }) => {
      const data = checkAlarmNotice(alarm);
      broadcast(providerId, () => ({ path: '/checkAlarm', data }));
    }),
    deps.bus.subscribe('monitor.data', ({ providerId, states }) => {
      broadcast(providerId, () => ({ path: '/dataChange', data: states }));
    }),
  ];

  /** Sends `/deviceData` to the sockets of sessions that watch the device's channel (and still reach its provider). */
  function sendDeviceData(live: LiveSubscriptions, deviceId: string, providerId: number | null, channel: LiveDeviceMessage['channel'], receivedAt: number, data: unknown): void {
    const watchers = live.watchers(deviceId, channel);
    if (watchers.length === 0) return;
    const sessions = new Set(watchers);
    let bytes: Buffer | undefined;
    for (const client of clients) {
      if (client.session === null || !sessions.has(client.session.tokenHash) || !scopeIncludes(client.session.scope, providerId)) continue;
      bytes ??= Buffer.from(JSON.stringify({ path: '/deviceData', data: { deviceId, channel, receivedAt, data } } satisfies ServerFrame));
      send(client, bytes);
    }
  }

  return {
    get open(): number {
      return clients.size;
    },
    /**
     * Starts `/deviceData` (docs/device-protocol.md "Live data in the console"): the subscriptions
     * live with ingest, which starts after this hub. A sub-device's event reaches watchers of the
     * host and of the sub-device.
     */
    attachLive(live: LiveSubscriptions): void {
      unsubscribe.push(
        deps.bus.subscribe('device.status', (event) => sendDeviceData(live, event.deviceId, event.providerId, 'status', event.receivedAt, event)),
        deps.bus.subscribe('device.samples', (event) => sendDeviceData(live, event.deviceId, event.providerId, 'samples', event.receivedAt, event)),
        deps.bus.subscribe('device.event', (event) => {
          sendDeviceData(live, event.deviceId, event.providerId, 'event', event.receivedAt, event);
          if (event.subDevice) sendDeviceData(live, event.subDevice.deviceId, event.subDevice.providerId, 'event', event.receivedAt, event);
        }),
      );
    },
    refetchAll,
    /** Checks every logged-in socket's session now (tests; a logout elsewhere shows within 10 s anyway). */
    recheckAll: () => recheck([...clients].filter((client) => client.session !== null)),
    close(): void {
      clearInterval(timer);
      flush();
      for (const stop of unsubscribe) stop();
      deps.server.off('upgrade', onUpgrade);
      for (const client of clients) client.ws.terminate();
      clients.clear();
      wss.close();
    },
  };
}
export type SocketHub = ReturnType<typeof socketHub>;
