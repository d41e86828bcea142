import { pushPublicKey, pushSubscribe, pushUnsubscribe } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import { callApi } from './api.ts';

/**
 * Web Push for caregivers (docs/app.md "Push"): after sign-in the app asks, with a sentence why,
 * for notification permission (on a tap: iOS allows the question only then), subscribes through
 * the browser's push service with the server's VAPID key, and hands the subscription to the
 * server. The service worker (public/sw.js) shows what the server pushes. On every start with
 * permission granted it subscribes again (the endpoint may have changed); on sign-out it
 * unsubscribes here and on the server.
 */
/** How long the browser's push service may take to register this phone. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export type PushState = 'unsupported' | 'ios-install' | 'ask' | 'denied' | 'subscribing' | 'on' | 'failed';

export function isIos(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

function standalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** What the app can do about push on this phone now, before any question. */
export function initialPushState(): PushState {
  if (!pushSupported()) return isIos() && !standalone() ? 'ios-install' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission === 'granted') return 'subscribing';
  return 'ask';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/app/');
  if (existing?.active) return existing;
  return navigator.serviceWorker.ready;
}

/** Subscribes this phone (asking for permission first when needed; call it from a tap then). */
export async function subscribePush(): Promise<PushState> {
  if (!pushSupported()) return initialPushState();
  if (Notification.permission !== 'granted') {
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') return answer === 'denied' ? 'denied' : 'ask';
  }
  const { publicKey } = await callApi(pushPublicKey, {});
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  const serverKey = keyBytes(publicKey);
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), serverKey)) {
    // Subscribed with another deployment's key: start again with this server's.
    await subscription.unsubscribe();
    subscription = null;
  }
  // A browser that cannot reach its push service (a network blocking Google's or Apple's) may never answer.
  subscription ??= await Promise.race([
    worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }),
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('the push service did not answer')), SUBSCRIBE_TIMEOUT_MS)),
  ]);
  const json = subscription.toJSON();
  await callApi(pushSubscribe, {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    expirationTime: subscription.expirationTime,
    device: navigator.userAgent.slice(0, 200),
  });
  return 'on';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** On sign-out: the server stops pushing to this phone, and the browser drops the subscription. */
export async function unsubscribePush(): Promise<void> {
  if (!pushSupported()) return;
  const worker = await navigator.serviceWorker.getRegistration('/app/');
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await callApi(pushUnsubscribe, { endpoint: subscription.endpoint });
  } finally {
    await subscription.unsubscribe().catch(() => false);
  }
}

/**
 * The alarm a tapped notification asks to open (`/app/?alarm=<id>` when the app was closed, a
 * message from the service worker when it was open); the alarm list opens its handling sheet.
 */
let alarmToOpen: number | null = null;
const openListeners = new Set<() => void>();
function setAlarmToOpen(id: number | null): void {
  alarmToOpen = id;
  for (const listener of openListeners) listener();
}

export function takeAlarmFromUrl(): void {
  const params = new URLSearchParams(window.location.search);
  const id = Number(params.get('alarm'));
  if (Number.isInteger(id) && id > 0) {
    setAlarmToOpen(id);
    params.delete('alarm');
    const rest = params.toString();
    history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string; alarmId?: number }>) => {
    if (event.data?.type === 'vigil-open-alarm' && Number.isInteger(event.data.alarmId)) setAlarmToOpen(event.data.alarmId ?? null);
  });
}

export function useAlarmToOpen(): [number | null, () => void] {
  const id = useSyncExternalStore(
    (listener) => {
      openListeners.add(listener);
      return () => openListeners.delete(listener);
    },
    () => alarmToOpen,
    () => null,
  );
  return [id, () => setAlarmToOpen(null)];
}
