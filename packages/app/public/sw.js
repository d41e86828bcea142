/*
 * Vigil app service worker (docs/app.md). Scope /app/.
 * - Pages: network first; offline, the "no connection" page (offline.html, cached at install).
 * - Hashed assets (/app/assets/): cache first (they never change), cached as they are fetched.
 * - API calls and the live socket are never cached: alarms must be live or clearly absent.
 * - Alarm notifications shown by the page while it is in the background; a tap opens the app.
 */
const CACHE = 'vigil-app-v2';
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

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((client) => new URL(client.url).pathname.startsWith('/app/'));
      if (open) return open.focus();
      return self.clients.openWindow('/app/');
    }),
  );
});
