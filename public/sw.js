/*
 * VOIP Manager's service worker: Web Push notifications (a code first, with "Copy code") and an
 * offline page for navigations when the network is gone. Kept small and dependency-free; the
 * payload is what the server's pushRequest() sends: { title, body, code, tag }.
 */
const CACHE = 'voip-manager-offline-v1';
const OFFLINE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, '/icons/icon-192.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Pages come from the network; only when it fails does the offline page answer.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || req.mode !== 'navigate') return;
  event.respondWith(fetch(req).catch(() => caches.match(OFFLINE)));
});

self.addEventListener('push', (event) => {
  let data = { title: 'VOIP Manager', body: '' };
  try {
    data = event.data ? event.data.json() : data;
  } catch {
    data = { title: 'VOIP Manager', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      icon: '/icons/icon-192.png',
      data: { code: data.code || null },
      // The button's words come in the owner's language with the code.
      actions: data.code ? [{ action: 'copy', title: data.copy || 'Copy code' }] : [],
    }),
  );
});

// A service worker cannot write the clipboard: the app's window does (it is told the code, or
// opened with it), once the click has focused it.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const code = event.notification.data && event.notification.data.code;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (code) open.postMessage({ type: 'copy-code', code });
        return;
      }
      await self.clients.openWindow(
        code ? `/dashboard/messages?code=${encodeURIComponent(code)}` : '/dashboard',
      );
    })(),
  );
});
