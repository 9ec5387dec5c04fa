// The web game's service worker: after one visit the game starts, and plays the computer, without the network.
// web/package.sh copies it into dist/ with __VERSION__ replaced by the build's version, the content hash that also
// names the game's JS and wasm and covers the light board's (named with __LIGHT__): each build keeps its files in a cache of its
// own, named with the version, and a page of one build never gets another build's code (the names differ).
const VERSION = '__VERSION__';
const LIGHT = '__LIGHT__';
const CACHE = `fanorona-${VERSION}`;
// Registered as `sw.js?light` where the full game cannot run (no WebGL2): the light board's files alone are kept,
// not the 4 MB of a game this browser cannot start.
const LIGHT_ONLY = new URL(self.location.href).searchParams.has('light');

// URLs relative to the scope (this script's folder), so the game works in a sub-folder as at the root.
const at = (path) => new URL(path, self.registration.scope).href;
const INDEX = at('index.html');
// Named with the version: kept until the next build, served from the cache without asking.
const LIGHT_FILES = [at(`light-${LIGHT}.js`), at(`light_bg-${LIGHT}.wasm`), at(`light-board-${LIGHT}.js`),
  at(`fluent-${LIGHT}.js`)];
const GAME_FILES = [at(`fanorona-${VERSION}.js`), at(`fanorona_bg-${VERSION}.wasm`)];
const HASHED = [...LIGHT_FILES, ...GAME_FILES];
const KEPT = LIGHT_ONLY ? LIGHT_FILES : HASHED;
// Named without it, so a new build may change them under the same name: asked for first, the copy kept for offline.
const UNHASHED = [INDEX, at('manifest.webmanifest'), at('icons/icon-192.png'), at('icons/icon-512.png'),
  at('icons/icon-maskable-512.png')];

self.addEventListener('install', (event) => {
  // The page registers this worker once it has the wasm, so these requests find the large files in the browser's
  // HTTP cache (they are sent with a year's max-age): the first visit downloads the game once, not twice.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...KEPT, ...UNHASHED])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('fanorona-') && name !== CACHE) await caches.delete(name);
    }
    // The page that registered this worker goes through it from now on, rather than from its next load.
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Other sites' requests and anything but GET are the browser's own; the WebSocket never comes here at all.
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The page's address carries the scene or the challenge in its query; the page itself is one file.
  const page = request.mode === 'navigate' && (url.pathname === new URL(INDEX).pathname ||
    url.pathname === new URL(self.registration.scope).pathname);
  url.search = '';
  if (page) {
    event.respondWith(networkFirst(event, request, INDEX));
  } else if (HASHED.includes(url.href)) {
    event.respondWith(caches.match(url.href, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
  } else if (UNHASHED.includes(url.href)) {
    event.respondWith(networkFirst(event, request, url.href));
  }
});

// How long a page waits for the network before it is served the kept copy: a phone between masts may get no answer
// and no error for a minute, where the kept copy starts the game at once.
const NETWORK_WAIT_MS = 4000;

// The network's answer, a copy kept under `key`; the kept copy when the network fails or keeps silent.
async function networkFirst(event, request, key) {
  const network = fetch(request);
  // The copy is taken before the page reads the answer (this callback is the first one on `network`).
  event.waitUntil(network.then((response) => response.ok && keep(key, response.clone())).catch(() => {}));
  const cached = await caches.match(key, { cacheName: CACHE });
  if (!cached) return network;
  const silence = new Promise((ok) => setTimeout(() => ok(cached), NETWORK_WAIT_MS));
  return Promise.race([network.catch(() => cached), silence]);
}

// Keeps `response` under `key`, unless it is a page of another build (it would name files this cache lacks: the
// server was updated before this worker was).
async function keep(key, response) {
  if (key === INDEX && !(await response.clone().text()).includes(`fanorona-${VERSION}.js`)) return;
  const cache = await caches.open(CACHE);
  await cache.put(key, response);
}

// A Web Push message from the game server (docs/PROTOCOL.md, "Web Push"): a correspondence game's news, shown as a
// notification unless the game is on screen (it says so itself). A later message about the same game replaces the
// earlier one (the tag).
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data.json();
  } catch {
    return;
  }
  if (typeof message?.title !== 'string' || typeof message.body !== 'string') return;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    if (windows.some((client) => client.visibilityState === 'visible')) return;
    await self.registration.showNotification(message.title, {
      body: message.body,
      tag: `fanorona-${message.game}`,
      icon: at('icons/icon-192.png'),
      data: { game: message.game, event: message.event },
    });
  })());
});

// A tap on the notification brings the game forward, or opens it.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => 'focus' in client);
    if (open) return open.focus();
    return self.clients.openWindow(self.registration.scope);
  })());
});
