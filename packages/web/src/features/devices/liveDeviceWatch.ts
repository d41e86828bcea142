import type { ServerFrame } from '@vigil/contracts';
import type { SocketStatus } from '@vigil/client';

export interface LiveDeviceWatchOptions {
  /** Asks the server for `/deviceData` of these devices (`/websocket/subscribe/`); an empty list ends it. */
  subscribe(deviceIds: readonly string[]): Promise<void>;
  /** Fetches the list (and counts) again. */
  refresh(): void;
  /** Told whether the list is live (socket open and subscribed) or must poll. */
  onLive?(live: boolean): void;
  /** The subscription is renewed this often (under its TTL). */
  renewMs: number;
  /** Messages arriving within this long cause one refresh. */
  debounceMs: number;
}

/**
 * The device list's live updates, without React (useLiveDevices wires it): while the console's
 * socket is open it subscribes to the shown devices' status, renews the subscription before its
 * TTL, refreshes the list when one of them reports, and on a reconnect subscribes again and
 * refreshes (what changed while the socket was down was missed). When the socket is down or the
 * subscription fails, `onLive(false)` lets the list fall back to polling.
 */
export function liveDeviceWatch(options: LiveDeviceWatchOptions) {
  let deviceIds: readonly string[] = [];
  let watched = new Set<string>();
  let open = false;
  let opens = 0;
  let live = false;
  let renewTimer: ReturnType<typeof setInterval> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  /** Each subscribe call's number: a late answer of an older call does not decide `live`. */
  let attempt = 0;

  function setLive(next: boolean): void {
    if (next === live) return;
    live = next;
    options.onLive?.(next);
  }

  function stopRenew(): void {
    if (renewTimer !== null) clearInterval(renewTimer);
    renewTimer = null;
  }

  function subscribe(): void {
    stopRenew();
    if (disposed || !open || deviceIds.length === 0) {
      setLive(false);
      return;
    }
    const mine = ++attempt;
    const ids = deviceIds;
    const call = () =>
      options.subscribe(ids).then(
        () => {
          if (mine === attempt) setLive(open);
        },
        () => {
          if (mine === attempt) setLive(false);
        },
      );
    void call();
    renewTimer = setInterval(() => void call(), options.renewMs);
  }

  return {
    /** The devices shown now (the page of the list). */
    setDevices(next: readonly string[]): void {
      if (next.length === deviceIds.length && next.every((id, index) => id === deviceIds[index])) return;
      deviceIds = [...next];
      watched = new Set(next);
      subscribe();
    },
    /** The socket's status: subscribes when it opens, again (with a refresh) after each reconnect. */
    setStatus(status: SocketStatus): void {
      const nowOpen = status.state === 'open';
      const reconnected = nowOpen && opens > 0 && status.opens > opens;
      const changed = nowOpen !== open || reconnected;
      open = nowOpen;
      if (nowOpen) opens = status.opens;
      if (!changed) return;
      if (reconnected) options.refresh();
      subscribe();
    },
    /** A socket frame: `/deviceData` of a shown device refreshes the list (once per burst). */
    frame(frame: ServerFrame): void {
      if (frame.path !== '/deviceData' || !watched.has(frame.data.deviceId) || refreshTimer !== null) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = null;
        if (!disposed) options.refresh();
      }, options.debounceMs);
    },
    get live(): boolean {
      return live;
    },
    /** Stops timers and ends the subscription (the page is left). */
    dispose(): void {
      disposed = true;
      stopRenew();
      if (refreshTimer !== null) clearTimeout(refreshTimer);
      if (open && deviceIds.length > 0) void options.subscribe([]).catch(() => {});
    },
  };
}
export type LiveDeviceWatch = ReturnType<typeof liveDeviceWatch>;
