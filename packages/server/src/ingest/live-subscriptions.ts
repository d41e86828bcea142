import type { LIVE_DEVICE_CHANNELS } from '@vigil/contracts';

type LiveChannel = (typeof LIVE_DEVICE_CHANNELS)[number];

interface Subscription {
  deviceIds: ReadonlySet<string>;
  channels: ReadonlySet<LiveChannel>;
  expiresAt: number;
}

/**
 * Who watches which devices live (`/websocket/subscribe/`): one subscription per console
 * session (by token hash), replaced by each call, gone after its TTL. The socket hub asks
 * `watchers(deviceId, channel)` for each device event and sends `/deviceData` to those sessions.
 */
export function liveSubscriptions(now: () => number) {
  const bySession = new Map<string, Subscription>();
  const byDevice = new Map<string, Set<string>>();

  function remove(session: string): void {
    const previous = bySession.get(session);
    if (!previous) return;
    bySession.delete(session);
    for (const deviceId of previous.deviceIds) {
      const sessions = byDevice.get(deviceId);
      sessions?.delete(session);
      if (sessions?.size === 0) byDevice.delete(deviceId);
    }
  }

  return {
    /** Replaces the session's subscription; an empty device list ends it. */
    set(session: string, deviceIds: readonly string[], channels: readonly LiveChannel[], expiresAt: number): void {
      remove(session);
      if (deviceIds.length === 0) return;
      bySession.set(session, { deviceIds: new Set(deviceIds), channels: new Set(channels), expiresAt });
      for (const deviceId of deviceIds) {
        let sessions = byDevice.get(deviceId);
        if (!sessions) byDevice.set(deviceId, (sessions = new Set()));
        sessions.add(session);
      }
    },
    /** Sessions (token hashes) that watch the device's channel now. */
    watchers(deviceId: string, channel: LiveChannel): string[] {
      const sessions = byDevice.get(deviceId);
      if (!sessions) return [];
      const time = now();
      const out: string[] = [];
      for (const session of [...sessions]) {
        const subscription = bySession.get(session);
        if (!subscription || subscription.expiresAt <= time) remove(session);
        else if (subscription.channels.has(channel)) out.push(session);
      }
      return out;
    },
    /** The session's live subscription, if any and not expired. */
    of(session: string): { deviceIds: string[]; channels: LiveChannel[]; expiresAt: number } | null {
      const subscription = bySession.get(session);
      if (!subscription || subscription.expiresAt <= now()) return null;
      return { deviceIds: [...subscription.deviceIds], channels: [...subscription.channels], expiresAt: subscription.expiresAt };
    },
    /** Ends a session's subscription (logout, socket closed for good). */
    end: remove,
  };
}
export type LiveSubscriptions = ReturnType<typeof liveSubscriptions>;
