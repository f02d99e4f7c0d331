// Issue 13, security hardening: the service worker caches only its build's hashed assets under a cache name per
// build and deletes older builds' caches; the CSP forbids <base> and form submissions; the test hooks
// (window.__sgp) are left out of user builds.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { serviceWorkerPlugin } from '../../vite.config.ts';

/** The sw.js the plugin writes for a bundle with these file names. */
function swFor(files: string[]): string {
  let source = '';
  const plugin = serviceWorkerPlugin() as unknown as { generateBundle(this: unknown, o: unknown, b: Record<string, unknown>): void };
  plugin.generateBundle.call({ emitFile: (f: { fileName: string; source: string }) => void (f.fileName === 'sw.js' && (source = f.source)) }, {}, Object.fromEntries(files.map((f) => [f, {}])));
  return source;
}

/** Loads a sw.js in a sandbox and returns its listeners and the caches it touched. */
function load(source: string) {
  const listeners = new Map<string, (e: unknown) => void>();
  const deleted: string[] = [];
  const self = {
    location: { href: 'https://example.org/play/sw.js' },
    registration: { scope: 'https://example.org/play/' },
    addEventListener: (t: string, f: (e: unknown) => void) => listeners.set(t, f),
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
  };
  const caches = {
    keys: async () => ['sgp-v1', 'sgp-0123456789ab', 'other-app', cacheName(source)],
    delete: async (k: string) => void deleted.push(k),
    open: async () => ({ addAll: async () => undefined, put: async () => undefined }),
    match: async () => undefined,
  };
  vm.runInNewContext(source, { self, caches, URL, Set, Promise, fetch: () => Promise.resolve({ ok: false }) });
  return { listeners, deleted };
}

const cacheName = (source: string) => /const CACHE = "([^"]+)"/.exec(source)![1]!;

describe('the service worker of a build', () => {
  it('names its cache after the build and lists only its hashed assets', () => {
    const a = swFor(['assets/index-AAAA.js', 'assets/editor-BBBB.js', 'index.html', 'sw-extra.txt']);
    const b = swFor(['assets/index-CCCC.js', 'assets/editor-BBBB.js', 'index.html']);
    expect(cacheName(a)).toMatch(/^sgp-[0-9a-f]{12}$/);
    expect(cacheName(a)).not.toBe(cacheName(b));
    expect(a).toContain('const ASSETS = new Set(["assets/editor-BBBB.js","assets/index-AAAA.js"]);');
    expect(a).not.toContain("includes('/assets/')");
  });

  it('serves cache-first only its own assets, not any path containing /assets/', () => {
    const { listeners } = load(swFor(['assets/index-AAAA.js']));
    const answered: string[] = [];
    const fetchEvent = (url: string) => listeners.get('fetch')!({ request: { method: 'GET', url }, respondWith: () => void answered.push(url) });
    fetchEvent('https://example.org/play/assets/index-AAAA.js');
    fetchEvent('https://example.org/play/assets/evil.js');
    fetchEvent('https://example.org/play/x/assets/index-AAAA.js');
    fetchEvent('https://example.org/play/api/data');
    fetchEvent('https://other.example/play/assets/index-AAAA.js');
    fetchEvent('https://example.org/play/examples/01-first-join.json');
    expect(answered).toEqual(['https://example.org/play/assets/index-AAAA.js', 'https://example.org/play/examples/01-first-join.json']);
  });

  it("deletes the caches of older builds when it activates (and leaves other apps' caches)", async () => {
    const source = swFor(['assets/index-AAAA.js']);
    const { listeners, deleted } = load(source);
    let done: Promise<unknown> = Promise.resolve();
    listeners.get('activate')!({ waitUntil: (p: Promise<unknown>) => void (done = p) });
    await done;
    expect(deleted.sort()).toEqual(['sgp-0123456789ab', 'sgp-v1']);
  });
});

describe('page hardening', () => {
  it('the CSP forbids <base> and form submissions', () => {
    const html = readFileSync('index.html', 'utf8');
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]!;
    expect(csp.split(';').map((d) => d.trim())).toEqual(expect.arrayContaining(["base-uri 'none'", "form-action 'none'", "default-src 'self'"]));
  });

  it('window.__sgp is set only in development or a build for the end-to-end tests', () => {
    const main = readFileSync('src/main.ts', 'utf8');
    const gate = main.indexOf("if (import.meta.env.DEV || import.meta.env.VITE_SGP_TEST_HOOKS === '1') {");
    expect(gate).toBeGreaterThan(0);
    expect(main.indexOf('window.__sgp = hooks;')).toBeGreaterThan(gate);
    expect(main.match(/window\.__sgp =/g)).toHaveLength(1);
  });
});
