/*
 * Vigil app service worker (docs/app.md). Scope /app/.
 * - Pages: network first; offline, the "no connection" page (offline.html, cached at install).
 * - Hashed assets (/app/assets/): cache first (they never change), cached as they are fetched.
 * - API calls and the live socket are never cached: alarms must be live or clearly absent.
 * - Alarm notifications shown by the page while it is in the background; a tap opens the app.
 * - Web Push (docs/app.md "Push"): an alarm pushed by the server is shown even when the app is
 *   closed and the phone locked; its tag is the alarm's, so a later push about it (handled
 *   elsewhere, relieved) replaces it. A tap opens the alarm in the app, ready to handle.
 */
const CACHE = 'vigil-app-v3';
const OFFLINE = '/app/offline.html';
const SHELL = [OFFLINE, '/app/offline.js', '/app/icon.svg', '/app/icon-192.png', '/app/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/app/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (url.pathname.startsWith('/app/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});

/** The red level's vibration (the app's L1 pattern, alert.ts), the orange one's. */
const VIBRATE = { 1: [400, 200, 400, 200, 400], 2: [300, 200, 300] };

/** Shows a pushed message (contracts pushMessageSchema). */
async function showPushed(message) {
  const over = message.kind === 'handled' || message.kind === 'relieved';
  if (over) {
    const shown = await self.registration.getNotifications({ tag: message.tag });
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    // Nothing on the phone to replace and the app is in front: the app already took the alarm off its list.
    if (shown.length === 0 && windows.some((client) => client.visibilityState === 'visible')) return;
  }
  const red = message.level === 1 && !over;
  await self.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: '/app/icon-192.png',
    badge: '/app/icon-192.png',
    timestamp: message.raisedAt,
    // A new alarm (or its escalation) rings again; "handled by …" replaces it quietly.
    renotify: !over,
    silent: over,
    requireInteraction: red,
    vibrate: over ? undefined : VIBRATE[message.level] || VIBRATE[2],
    data: { url: message.url, alarmId: message.alarmId, kind: message.kind, actionable: message.actionable },
  });
}

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || message.v !== 1 || typeof message.tag !== 'string') {
    // A push must show something; an unreadable one says the app has news.
    event.waitUntil(self.registration.showNotification('Vigil', { body: '', tag: 'vigil-unknown', icon: '/app/icon-192.png' }));
    return;
  }
  event.waitUntil(showPushed(message));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const url = data.actionable && typeof data.url === 'string' ? data.url : '/app/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((client) => new URL(client.url).pathname.startsWith('/app/'));
      if (open) {
        // The open app opens the alarm's handling sheet itself (push.ts listens).
        if (data.actionable) open.postMessage({ type: 'vigil-open-alarm', alarmId: data.alarmId });
        return open.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
