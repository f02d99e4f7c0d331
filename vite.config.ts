/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  base: './',
  plugins: [svelte()],
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  worker: { format: 'es' },
  publicDir: 'static',
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  test: {
    include: ['test/**/*.test.ts'],
    // the differential suite against a real Kafka broker runs with `npm run test:oracle` (vitest.oracle.config.ts)
    exclude: ['test/**/*.oracle.test.ts', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60000,
    setupFiles: ['test/setup.ts'],
  },
});
