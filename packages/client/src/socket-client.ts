/**
 * The live socket of the console and the app (spec 02 §4 "Socket", §7 "Live socket protocol"): connecting,
 * open once the server answers /login with code 200, closed; a /hearBeat every 10 s while
 * open; a new connection 4 s after any close that was not asked for. No React and no DOM
 * here beyond the WebSocket interface, so the state machine is tested against a real
 * WebSocket server in node.
 */

/** The spec's states, plus `unsupported` for a browser without WebSocket. */
export type SocketState = 'idle' | 'connecting' | 'open' | 'closed' | 'unsupported';

export interface SocketStatus {
  state: SocketState;
  /** The last /login was refused (shown as "live updates off", never silently). */
  loginFailed: boolean;
  /** Connections opened (logged in) so far: 1 after the first, 2 after a reconnect … */
  opens: number;
}

/** What the client needs of a WebSocket: the browser's, or `ws` in node tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

/** Encodes the client's frames and reads the server's. */
export interface FrameCodec<Incoming> {
  login(key: string): string;
  heartbeat(key: string): string;
  log(key: string, message: string): string;
  decode(text: string): Incoming | null;
  /** For a /login reply: whether it opened the session; null for every other frame. */
  loginAccepted(frame: Incoming): boolean | null;
}

export interface SocketClientOptions<Incoming> {
  url: () => string;
  /** The session's socket key; null when signed out (no connection is made). */
  key: () => string | null;
  /** undefined when the browser has no WebSocket. */
  connect: SocketFactory | undefined;
  codec: FrameCodec<Incoming>;
  heartbeatMs: number;
  reconnectMs: number;
  onStatus?: (status: SocketStatus) => void;
  /** Every frame after login, /login replies included. */
  onFrame?: (frame: Incoming) => void;
  /** Each time a connection opens (first or again): refetch what may have been missed. */
  onOpen?: () => void;
  log?: (message: string) => void;
}

const OPEN = 1;

/** One live connection, kept up until stop(). */
export class SocketClient<Incoming> {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private reconnect: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private current: SocketStatus = { state: 'idle', loginFailed: false, opens: 0 };

  constructor(private readonly options: SocketClientOptions<Incoming>) {}

  get status(): SocketStatus {
    return this.current;
  }

  /** Connects (again) unless already running. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  /** Closes deliberately: no reconnect until start() is called again. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'closed by the console');
    }
    if (this.current.state !== 'unsupported') this.setStatus({ state: 'closed' });
  }

  /** Drops the connection and opens a new one at once (after a provider switch the server scopes it anew). */
  restart(): void {
    this.stop();
    this.start();
  }

  /** Sends a /wsLog line while open. */
  sendLog(message: string): void {
    const key = this.options.key();
    if (key && this.socket?.readyState === OPEN) this.socket.send(this.options.codec.log(key, message));
  }

  private setStatus(patch: Partial<SocketStatus>): void {
    this.current = { ...this.current, ...patch };
    this.options.onStatus?.(this.current);
  }

  private clearTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.reconnect) clearTimeout(this.reconnect);
    this.heartbeat = null;
    this.reconnect = null;
  }

  private open(): void {
    const { connect, key, codec } = this.options;
    if (!connect) {
      this.stopped = true;
      this.setStatus({ state: 'unsupported' });
      return;
    }
    const sessionKey = key();
    if (!sessionKey) {
      this.stopped = true;
      this.setStatus({ state: 'closed' });
      return;
    }
    this.setStatus({ state: 'connecting' });
    let socket: SocketLike;
    try {
      socket = connect(this.options.url());
    } catch (error) {
      this.options.log?.(`socket could not be created: ${String(error)}`);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => socket.send(codec.login(sessionKey));
    socket.onmessage = (event) => this.receive(socket, event.data);
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.setStatus({ state: 'closed' });
      this.scheduleReconnect();
    };
  }

  private receive(socket: SocketLike, data: unknown): void {
    if (this.socket !== socket || typeof data !== 'string') return;
    const { codec } = this.options;
    const frame = codec.decode(data);
    if (frame === null) return;
    const accepted = codec.loginAccepted(frame);
    if (accepted === true) {
      this.setStatus({ state: 'open', loginFailed: false, opens: this.current.opens + 1 });
      this.startHeartbeat(socket);
      this.options.onOpen?.();
    } else if (accepted === false) {
      // Spec 02 §7: a failed socket login is logged; Vigil also shows it (live updates off).
      this.options.log?.('socket login refused');
      this.setStatus({ loginFailed: true });
      socket.close(4001, 'login refused');
    }
    this.options.onFrame?.(frame);
  }

  private startHeartbeat(socket: SocketLike): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      const key = this.options.key();
      if (key && socket.readyState === OPEN) socket.send(this.options.codec.heartbeat(key));
    }, this.options.heartbeatMs);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      if (!this.stopped) this.open();
    }, this.options.reconnectMs);
  }
}
