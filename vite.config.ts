/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { embedFiles } from './scripts/build-embed.ts';

/**
 * Writes sw.js from src/sw/sw.template.js with this build's hashed asset list and a cache name derived from
 * it, so the service worker caches only this build's assets and a new build evicts the old ones.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'sgp-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/'))
        .sort();
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      const template = readFileSync(new URL('./src/sw/sw.template.js', import.meta.url), 'utf8');
      const onFirstUse = onFirstUseChunks(bundle);
      const source = template
        .replace('__SGP_CACHE__', JSON.stringify(`sgp-${version}`))
        .replace('__SGP_ASSETS__', JSON.stringify(assets))
        .replace('__SGP_ON_FIRST_USE__', JSON.stringify(assets.filter((a) => onFirstUse.has(a))));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** Modules the page loads on first use only, whose chunks the service worker keeps when they are first fetched, not at install: Mermaid (the KIP report preview) and its diagrams. */
const FIRST_USE_MODULES = /[\\/]node_modules[\\/]mermaid[\\/]/;

/** The chunks reachable only through a FIRST_USE_MODULES chunk (the page never loads them otherwise). */
export function onFirstUseChunks(bundle: Record<string, unknown>): Set<string> {
  type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; dynamicImports: string[] };
  const chunks = new Map<string, Chunk>();
  for (const c of Object.values(bundle)) if ((c as { type?: string }).type === 'chunk') chunks.set((c as Chunk).fileName, c as Chunk);
  const roots = new Set([...chunks.values()].filter((c) => c.facadeModuleId !== null && FIRST_USE_MODULES.test(c.facadeModuleId)).map((c) => c.fileName));
  const reach = (starts: string[], stop: Set<string>) => {
    const seen = new Set<string>();
    const todo = starts.filter((s) => !stop.has(s));
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      for (const n of [...(chunks.get(f)?.imports ?? []), ...(chunks.get(f)?.dynamicImports ?? [])]) if (!stop.has(n) && !seen.has(n)) todo.push(n);
    }
    return seen;
  };
  const always = reach(
    [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName),
    roots,
  );
  return new Set([...reach([...roots], new Set())].filter((f) => !always.has(f)));
}

/** Framing: a host should send this header too (a meta CSP cannot carry frame-ancestors); README "Hosting". */
const FRAME_HEADERS = { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' };

const EMBED_TYPES: Record<string, string> = { html: 'text/html', css: 'text/css', js: 'text/javascript' };

/**
 * The embed (scripts/build-embed.ts): its files in the build's root, and served by the dev server. Every other
 * response of the preview server refuses framing (FRAME_HEADERS); embed.html is made to be framed.
 */
export function embedPlugin(): Plugin {
  const embedName = (url: string | undefined) => (url ?? '').split(/[?#]/)[0]!.split('/').pop()!;
  return {
    name: 'sgp-embed',
    async generateBundle() {
      for (const [fileName, source] of Object.entries(await embedFiles())) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = embedName(req.url);
        if (!['embed.html', 'embed.css', 'embed.js', 'sgp-scenario.js'].includes(name)) return next();
        embedFiles().then((files) => {
          res.setHeader('Content-Type', `${EMBED_TYPES[name.split('.').pop()!]}; charset=utf-8`);
          res.end(files[name]);
        }, next);
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (embedName(req.url) !== 'embed.html') for (const [k, v] of Object.entries(FRAME_HEADERS)) res.setHeader(k, v);
        next();
      });
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [svelte(), serviceWorkerPlugin(), embedPlugin()],
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  worker: { format: 'es' },
  publicDir: 'static',
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  test: {
    environment: 'node',
    testTimeout: 60000,
    setupFiles: ['test/setup.ts'],
    // two lanes even on two cores (vitest's default there is one): the browser tests beside the rest
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // the differential suite against a real Kafka broker runs with `npm run test:oracle` (vitest.oracle.config.ts)
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/**/*.oracle.test.ts', 'test/e2e*.test.ts', 'node_modules/**'] } },
      // the browser tests, one file at a time: each builds the playground and drives its own Chromium
      { extends: true, test: { name: 'e2e', include: ['test/e2e*.test.ts'], fileParallelism: false } },
    ],
  },
});
