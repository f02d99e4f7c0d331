import { mount } from 'svelte';
import App from './ui/App.svelte';
import { app } from './ui/lib/app.svelte.ts';
import { hooks } from './ui/lib/hooks.ts';
import './ui/global.css';

hooks.app = app;
hooks.killWorker = () => app.client.kill();
window.__sgp = hooks;

mount(App, { target: document.getElementById('app')! });

if (import.meta.env.PROD && 'serviceWorker' in navigator && location.protocol !== 'file:') {
  addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      /* offline support is optional */
    });
  });
}
