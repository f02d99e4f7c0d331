// `npm run test:oracle`: the differential suite against a real Apache Kafka 4.4.0 broker (oracle/); each test file
// starts one broker and shares it between its scenarios (restarting it for failover steps).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/oracle/**/*.oracle.test.ts'],
    environment: 'node',
    testTimeout: 15 * 60_000,
    hookTimeout: 15 * 60_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
