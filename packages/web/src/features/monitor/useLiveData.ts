import type { ServerFrame } from '@vigil/contracts';
import { useCallback } from 'react';
import { useLiveFrames } from '../../realtime/live-connection.ts';
import { liveBoard } from './liveBoard.ts';

/** Feeds /dataChange samples and alarm frames into the live board while a monitoring screen is open. */
export function useLiveData(): void {
  const onFrame = useCallback((frame: ServerFrame) => {
    if (frame.path === '/dataChange') liveBoard.push(frame.data);
    else if (frame.path === '/alertNotify' || frame.path === '/safeAlertNotify') liveBoard.alarmRaised(frame.data);
    else if (frame.path === '/userStatusNotify' || frame.path === '/checkAlarm') liveBoard.alarmGone(frame.data.id);
  }, []);
  useLiveFrames(onFrame);
}
