// Offline support: after the first visit the playground works without a network.
// The build writes this file as sw.js with its own hashed asset list and a cache name per build
// (vite.config.ts, serviceWorkerPlugin): only those assets are cache-first (precached at install, except those the
// page loads on first use only, kept when first fetched); the app shell (the page,
// the schema, the examples) is network-first with the cache as fallback; nothing else is cached.
// A new build's worker deletes the caches of older builds when it activates.
const CACHE = __SGP_CACHE__;
const ASSETS = new Set(__SGP_ASSETS__);
/** Assets the page loads on first use only (Mermaid for the report preview): kept when first fetched, not at install. */
const ON_FIRST_USE = new Set(__SGP_ON_FIRST_USE__);
const PREFIX = 'sgp-';

/** The path of a same-origin URL relative to this worker's scope ('assets/x.js', '', 'examples/a.json'), or null. */
function scopePath(url) {
  const u = new URL(url, self.location.href);
  const scope = new URL(self.registration.scope);
  if (u.origin !== scope.origin || !u.pathname.startsWith(scope.pathname)) return null;
  return u.pathname.slice(scope.pathname.length);
}

const isShell = (path) => path === '' || path === 'index.html' || path === 'scenario.schema.json' || /^examples\/[\w.-]+\.json$/.test(path);

// Only a page navigation may fall back to the app shell: a data request (an example, the schema)
// that is neither online nor cached fails, so the page never takes index.html for a scenario.

/** The examples listed in the course index (the install caches them all). */
async function exampleUrls(cache) {
  const res = await fetch('./examples/index.json', { cache: 'no-cache' });
  if (!res.ok) return [];
  await cache.put('./examples/index.json', res.clone());
  const index = await res.json();
  const list = Array.isArray(index) ? index : Array.isArray(index.examples) ? index.examples : [];
  return list
    .map((e) => (typeof e === 'string' ? e : e && typeof e.file === 'string' ? e.file : null))
    .filter((f) => typeof f === 'string' && /^[\w.-]+\.json$/.test(f))
    .map((f) => `./examples/${f}`);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (c) => {
        await c.addAll(['./', './scenario.schema.json', ...[...ASSETS].filter((a) => !ON_FIRST_USE.has(a)).map((a) => `./${a}`)]).catch(() => undefined);
        const examples = await exampleUrls(c).catch(() => []);
        await Promise.all(examples.map((u) => c.add(u).catch(() => undefined)));
      })
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page sends the URLs it loaded before this worker controlled it; only this build's assets and
// the app shell are taken.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => {
    if (typeof u !== 'string') return false;
    const path = scopePath(u);
    return path !== null && (ASSETS.has(path) || isShell(path));
  });
  event.waitUntil(caches.open(CACHE).then((c) => Promise.all(urls.map((u) => c.match(u, { ignoreVary: true }).then((hit) => hit || c.add(u).catch(() => undefined))))));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const path = scopePath(req.url);
  if (path === null) return;
  if (ASSETS.has(path)) {
    event.respondWith(
      caches.match(req, { ignoreVary: true }).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
    return;
  }
  if (!isShell(path)) return;
  event.respondWith(
    fetch(req)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return res;
      })
      .catch(() =>
        caches.match(req, { ignoreSearch: true, ignoreVary: true }).then((hit) => {
          if (hit) return hit;
          if (req.mode === 'navigate') return caches.match('./', { ignoreVary: true }).then((shell) => shell || Response.error());
          return new Response('offline, and not kept for offline use', { status: 504, statusText: 'Offline', headers: { 'Content-Type': 'text/plain' } });
        }),
      ),
  );
});
