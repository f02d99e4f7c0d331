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
    // a larger young generation: the generated sequences allocate much and keep little (about 5% faster)
    execArgv: ['--max-semi-space-size=32'],
  },
});
