import type { ServerFrame } from '@vigil/contracts';
import { createLiveHub, type SocketStatus } from '@vigil/client';
import { useEffect, useSyncExternalStore } from 'react';
import { readSocketKey, useSession } from '../session/session-store.ts';

/**
 * The console's one live connection, shared by every feature: the shell starts it for a
 * signed-in session, features read its status and subscribe to its frames. The connection
 * itself (socket client, codec, timings, listeners) is @vigil/client's hub, as in the app.
 */
type FrameListener = (frame: ServerFrame) => void;

const hub = createLiveHub({ key: readSocketKey });

/** Receives every server frame until the returned function is called. */
export function subscribeFrames(listener: FrameListener): () => void {
  return hub.subscribeFrames(listener);
}

/** Sends a line to the server's client log (/wsLog) while connected. */
export function sendLiveLog(message: string): void {
  hub.sendLog(message);
}

/** The connection's state, re-rendering on change. */
export function useLiveStatus(): SocketStatus {
  return useSyncExternalStore(hub.subscribeStatus, hub.status, hub.status);
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
    hub.restart();
    return () => hub.stop();
  }, [signedIn, providerId]);
}
