import { mount } from 'svelte';
import App from './ui/App.svelte';
import { app } from './ui/lib/app.svelte.ts';
import { hooks } from './ui/lib/hooks.ts';
import './ui/global.css';

// the test hooks exist in development and in builds made for the end-to-end tests (VITE_SGP_TEST_HOOKS=1) only
if (import.meta.env.DEV || import.meta.env.VITE_SGP_TEST_HOOKS === '1') {
  hooks.app = app;
  hooks.killWorker = () => app.client.kill();
  hooks.failWorker = (message: string) => app.client.fail(message);
  window.__sgp = hooks;
}

mount(App, { target: document.getElementById('app')! });

if (import.meta.env.PROD && 'serviceWorker' in navigator && location.protocol !== 'file:') {
  addEventListener('load', () => {
    navigator.serviceWorker
      .register('./sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        cacheLoaded();
        hooks.offlineReady = true;
      })
      .catch(() => {
        /* offline support is optional */
      });
  });
  addEventListener('sgp:monaco-loaded', (e) => cacheLoaded((e as CustomEvent<string[]>).detail));
  addEventListener('sgp:assets-loaded', () => cacheLoaded());
}

/** Asks the service worker to cache what this page loaded before it took control. */
function cacheLoaded(extra: string[] = []): void {
  const urls = new Set<string>([location.href.split('#')[0]!, ...extra]);
  for (const e of performance.getEntriesByType('resource')) if (e.name.startsWith(location.origin)) urls.add(e.name);
  navigator.serviceWorker.controller?.postMessage({ type: 'cache-urls', urls: [...urls] });
  void navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: 'cache-urls', urls: [...urls] }));
}
