// Offline support: after the first visit the playground works without a network.
// Hashed build assets are cache-first (their names change when their content does);
// everything else (index.html, examples, schema) is network-first with the cache as fallback.
// Only a page navigation may fall back to the app shell: a data request (an example, the schema)
// that is neither online nor cached fails, so the page never takes index.html for a scenario.
const CACHE = 'sgp-v1';

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
        await c.addAll(['./', './scenario.schema.json']).catch(() => undefined);
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
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page sends the URLs it already loaded before this worker controlled it (hashed assets,
// Monaco's chunks and workers), so they are available offline too.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && new URL(u).origin === self.location.origin);
  event.waitUntil(
    caches.open(CACHE).then((c) =>
      Promise.all(urls.map((u) => c.match(u, { ignoreVary: true }).then((hit) => hit || c.add(u).catch(() => undefined)))),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.includes('/assets/')) {
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
