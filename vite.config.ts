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
    // the differential tests against Kafka's jars (test/oracle/*.oracle.test.ts) need Java and Maven: they run only
    // when named on the command line (`npm run test:oracle`), never in the default `npm test`
    exclude: process.argv.some((a) => a.includes('oracle')) ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/**/*.oracle.test.ts'],
    environment: 'node',
    testTimeout: 60000,
    setupFiles: ['test/setup.ts'],
  },
});
