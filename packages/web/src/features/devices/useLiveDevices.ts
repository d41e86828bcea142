import { useQueryClient } from '@tanstack/react-query';
import { LIVE_SUBSCRIPTION_DEVICES_MAX, subscribeDevices, type ServerFrame } from '@vigil/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { callApi } from '../../api/client.ts';
import { useLiveFrames, useLiveStatus } from '../../realtime/live-connection.ts';
import { DEVICES_KEY } from './devicesApi.ts';
import { liveDeviceWatch, type LiveDeviceWatch } from './liveDeviceWatch.ts';

/** The subscription lasts this long and is renewed at half of it. */
const LIVE_TTL_S = 60;
const REFRESH_DEBOUNCE_MS = 300;

/**
 * Keeps the shown devices live from the console socket (`/deviceData`, their status): the list
 * and the counts are fetched again when one of them reports, and after a reconnect. Tells
 * `onLive` whether the list is live; when it is not (socket down, a role without the socket) the
 * list polls.
 */
export function useLiveDevices(deviceIds: readonly string[], onLive: (live: boolean) => void): void {
  const queryClient = useQueryClient();
  const status = useLiveStatus();
  const onLiveRef = useRef(onLive);
  onLiveRef.current = onLive;
  const setLive = useCallback((live: boolean) => onLiveRef.current(live), []);
  const watch = useRef<LiveDeviceWatch | null>(null);
  // Made in an effect (not during render) so a remount gets a fresh one after the cleanup.
  useEffect(() => {
    const made = liveDeviceWatch({
      subscribe: async (ids) => void (await callApi(subscribeDevices, { deviceIds: [...ids], channels: ['status'], ttlSeconds: LIVE_TTL_S })),
      refresh: () => void queryClient.invalidateQueries({ queryKey: [...DEVICES_KEY] }),
      onLive: setLive,
      renewMs: (LIVE_TTL_S * 1000) / 2,
      debounceMs: REFRESH_DEBOUNCE_MS,
    });
    watch.current = made;
    return () => {
      made.dispose();
      watch.current = null;
      setLive(false);
    };
  }, [queryClient, setLive]);
  const key = deviceIds.slice(0, LIVE_SUBSCRIPTION_DEVICES_MAX).join('\n');
  useEffect(() => watch.current?.setDevices(key === '' ? [] : key.split('\n')), [queryClient, key]);
  useEffect(() => watch.current?.setStatus(status), [queryClient, status]);
  useLiveFrames(useCallback((frame: ServerFrame) => watch.current?.frame(frame), []));
}
