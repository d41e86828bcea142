import type { ServerFrame } from '@vigil/contracts';
import { createLiveHub, type SocketStatus } from '@vigil/client';
import { useEffect, useSyncExternalStore } from 'react';
import { readSession } from './session.ts';

// The live connection the console has too (@vigil/client): the same frames, the same reconnect
// after 4 s, the same refetch on every (re)open.
type FrameListener = (frame: ServerFrame) => void;
const hub = createLiveHub({ key: () => readSession()?.socketKey ?? null });

export function useLiveStatus(): SocketStatus {
  return useSyncExternalStore(hub.subscribeStatus, hub.status, hub.status);
}

/** Keeps the connection up while mounted; `onOpen` runs on each (re)open, `onFrame` for each frame. */
export function useLiveConnection(onFrame: FrameListener, onOpen: () => void): void {
  useEffect(() => {
    const unsubscribeFrames = hub.subscribeFrames(onFrame);
    const unsubscribeOpen = hub.subscribeOpen(onOpen);
    return () => {
      unsubscribeFrames();
      unsubscribeOpen();
    };
  }, [onFrame, onOpen]);
  useEffect(() => {
    hub.restart();
    return () => hub.stop();
  }, []);
}
